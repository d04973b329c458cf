import { Lock } from "lucide-react";
import type { ReactNode } from "react";
import { UpgradeButton } from "./UpgradeButton";

/** Stands where VIP-only statement data would be: says what is hidden and opens the pay dialog at the needed level. */
export function LockedBox({ title, children, levelId = 100, levelName = "VIP", cta }: { title: string; children?: ReactNode; levelId?: number; levelName?: string; cta?: string }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-amber-200 bg-amber-50 px-5 py-6 text-center" data-testid="locked-box">
      <Lock aria-hidden className="h-7 w-7 text-amber-600" />
      <p className="mt-2 font-medium text-slate-800">{title}</p>
      {children ? <div className="mt-1 max-w-md text-sm text-slate-600">{children}</div> : null}
      <UpgradeButton levelId={levelId} bannerText={cta ?? `升级${levelName}，查看大神实时交割单`} className="mt-4 inline-flex h-10 items-center rounded-lg bg-brand px-5 text-sm font-medium text-white">
        升级 {levelName}
      </UpgradeButton>
    </div>
  );
}
