import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import {
  MISSING, formatDays, formatNumber, formatProfitFactor, formatRate, formatSignedYuanWan, formatYuanWan, looseNumber,
} from "@/lib/domain/statements/format";
import { pnlClass } from "./tone";
import type { AnalysisSummaryJson } from "./types";

interface Item {
  key: string;
  label: string;
  value: ReactNode;
  valueClass?: string;
  sub?: string;
  /** one-line explanation, also the card's title */
  hint: string;
}

/** Closed trips with a result: wins + losses (a break-even trip counts in neither). */
function summaryItems(s: AnalysisSummaryJson): Item[] {
  const closed = s.wins + s.losses;
  const rate = looseNumber(s.winRate);
  const winRate = Number.isFinite(rate) ? rate : closed > 0 ? s.wins / closed : null;
  const holding = looseNumber(s.avgHoldingDays);
  const noLoss = s.losses === 0 && s.wins > 0;
  const items: (Item | null)[] = [
    {
      key: "pnl", label: "已实现盈亏", value: formatSignedYuanWan(s.realizedPnl), valueClass: pnlClass(s.realizedPnl),
      sub: `已平仓 ${s.roundTrips} 笔${s.openPositions ? ` · 持仓中 ${s.openPositions}` : ""}`,
      hint: "已平仓交易的盈亏合计，已扣除佣金、印花税等费用",
    },
    {
      key: "winRate", label: "胜率", value: formatRate(winRate), sub: `${s.wins} 胜 ${s.losses} 负`,
      hint: "盈利的已平仓交易占有盈亏结果的已平仓交易的比例",
    },
    {
      key: "profitFactor", label: "利润因子",
      value: formatProfitFactor(looseNumber(s.profitFactor), { wins: s.wins, losses: s.losses }),
      valueClass: noLoss ? "text-up" : undefined,
      sub: noLoss ? "无亏损" : closed === 0 ? "暂无已平仓交易" : undefined,
      hint: "总盈利 ÷ 总亏损，大于 1 说明赚的比亏的多",
    },
    s.avgWin === undefined || s.avgLoss === undefined ? null : avgItem(s.avgWin, s.avgLoss, s.wins, s.losses),
    {
      key: "holding", label: "平均持股", value: formatDays(holding),
      hint: "每笔已平仓交易从建仓到清仓经历的交易日数的平均",
    },
    {
      key: "streak", label: "最大连胜 / 连亏", value: `${s.maxConsecutiveWins} / ${s.maxConsecutiveLosses}`,
      hint: "按平仓先后，连续盈利与连续亏损的最多笔数",
    },
    {
      key: "fees", label: "总费用", value: formatYuanWan(s.totalFees),
      hint: "佣金、印花税、过户费等合计（文件未列明时按清算金额推算，或按成交日费率估算）",
    },
    s.turnover === undefined ? null : {
      key: "turnover", label: "成交额", value: formatYuanWan(s.turnover),
      hint: "全部买入与卖出成交金额之和",
    },
  ];
  return items.filter((i): i is Item => i !== null);
}

function avgItem(avgWin: number, rawAvgLoss: number, wins: number, losses: number): Item {
  const avgLoss = -Math.abs(rawAvgLoss);
  const payoff = wins && losses && avgWin > 0 && avgLoss < 0 ? avgWin / Math.abs(avgLoss) : null;
  return {
    key: "avg", label: "平均盈利 / 亏损",
    value: (
      <span className="flex flex-wrap items-baseline gap-x-1.5">
        <span className={wins ? "text-up" : undefined}>{wins ? formatSignedYuanWan(avgWin) : MISSING}</span>
        <span className={cn("text-sm", losses ? "text-down-text" : undefined)}>{losses ? formatSignedYuanWan(avgLoss) : MISSING}</span>
      </span>
    ),
    sub: payoff === null ? undefined : `盈亏比 ${formatNumber(payoff, 2)}`,
    hint: "盈利交易平均赚多少、亏损交易平均亏多少；盈亏比 = 平均盈利 ÷ 平均亏损",
  };
}

/**
 * The key figures of an analysis as small cards, two a row on a phone; each carries a one-line explanation (shown,
 * or only as the title when `compact`).
 */
export function SummaryCards({ summary, compact = false, className }: { summary: AnalysisSummaryJson; compact?: boolean; className?: string }) {
  const items = summaryItems(summary);
  return (
    <dl data-testid="summary-cards" className={cn("grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-3", className)}>
      {items.map((item) => (
        <div key={item.key} title={item.hint} data-key={item.key} className={cn("min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm", compact ? "px-3 py-2" : "p-3")}>
          <dt className="text-xs text-slate-500">{item.label}</dt>
          <dd className={cn("mt-1 leading-tight font-semibold break-words tabular-nums", compact ? "text-base" : "text-lg sm:text-xl", item.valueClass ?? "text-slate-900")}>
            {item.value}
          </dd>
          {item.sub ? <dd className="mt-0.5 truncate text-xs text-slate-500 tabular-nums">{item.sub}</dd> : null}
          {compact ? null : <dd className="mt-1 line-clamp-2 text-[11px] leading-4 text-slate-500">{item.hint}</dd>}
        </div>
      ))}
    </dl>
  );
}
