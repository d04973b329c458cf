import { FlaskConical } from "lucide-react";
import { cn } from "@/components/ui/cn";

/** The amber 测试模式 mark on everything that belongs to the test payment provider. */
export function TestModeBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full border border-amber-300 bg-amber-50 px-2 py-px text-xs font-medium whitespace-nowrap text-amber-800",
        className,
      )}
    >
      <FlaskConical aria-hidden="true" size={12} />
      测试模式
    </span>
  );
}

/** The big banner of /paytest and of test-mode orders. */
export function TestModeBanner() {
  return (
    <div role="note" className="mb-5 flex items-start gap-3 rounded-xl border-2 border-amber-400 bg-amber-50 px-4 py-3 text-amber-900" data-testid="test-mode-banner">
      <FlaskConical aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-amber-600" />
      <div>
        <p className="text-lg font-semibold">测试模式 · 不会产生真实扣款</p>
        <p className="mt-0.5 text-sm text-amber-800">这里用 Stripe 测试卡号模拟完整的支付流程，仅在测试环境开启，不会向任何银行卡扣款。</p>
      </div>
    </div>
  );
}
