import { cn } from "@/components/ui/cn";
import type { StrategyStatus } from "@/lib/domain/quant/types";

export const STATUS_LABEL: Record<StrategyStatus, string> = { live: "实盘", paper: "模拟盘", backtest: "回测" };

export const STATUS_HINT: Record<StrategyStatus, string> = {
  live: "实盘：真实资金运行，记录只增不改",
  paper: "模拟盘：按实时行情模拟成交，未投入真实资金",
  backtest: "回测：用历史数据模拟出来的结果，不是实盘成绩，实际交易通常更差",
};

const TONE: Record<StrategyStatus, string> = {
  live: "border-red-200 bg-red-50 text-red-700",
  paper: "border-blue-200 bg-brand-soft text-brand",
  backtest: "border-slate-200 bg-slate-100 text-slate-600",
};

/** 实盘 (red-ish) / 模拟盘 (blue) / 回测 (grey); the title (and screen-reader text) says what each one means. */
export function StatusBadge({ status, className }: { status: StrategyStatus; className?: string }) {
  return (
    <span
      data-status={status}
      title={STATUS_HINT[status]}
      className={cn("inline-flex shrink-0 items-center rounded border px-1.5 py-px text-[11px] leading-4 font-medium", TONE[status], className)}
    >
      {STATUS_LABEL[status]}
      <span className="sr-only">（{STATUS_HINT[status].split("：")[1]}）</span>
    </span>
  );
}
