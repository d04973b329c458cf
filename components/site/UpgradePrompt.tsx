import { Lock } from "lucide-react";
import { UpgradeButton } from "./UpgradeButton";

/** The upgrade box that stands where gated text would be. */
export function UpgradePrompt({ levelId, levelName }: { levelId: number; levelName: string }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-amber-200 bg-amber-50 px-6 py-8 text-center" data-testid="upgrade-prompt">
      <Lock aria-hidden className="h-8 w-8 text-amber-600" />
      <p className="mt-3 font-medium text-slate-800">本文为 {levelName} 专享内容</p>
      <p className="mt-1 text-sm text-slate-600">升级 {levelName} 后即可阅读全文。</p>
      <UpgradeButton levelId={levelId} bannerText={`升级${levelName}，阅读全文`} className="mt-4 inline-flex h-10 items-center rounded-lg bg-brand px-5 text-sm font-medium text-white">
        升级 {levelName}
      </UpgradeButton>
    </div>
  );
}
