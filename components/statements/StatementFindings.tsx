import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { formatNumber, formatRate, formatShares, looseNumber } from "@/lib/domain/statements/format";
import type { FeeBasis, PendingAllotment, UnknownOpening, UnreconciledFill } from "@/lib/domain/statements/types";
import { CURRENCY_LABEL, formatMoney, formatSignedMoney, formatSignedMoneyWan } from "./money";
import { displayCode } from "@/lib/domain/market/codes";
import { NoteCard } from "./NoteCard";
import { FeeBasisMark } from "./Panel";
import { RoundTripTable } from "./RoundTripTable";
import { pnlClass } from "./tone";
import type { HkView, RoundTripJson } from "./types";

/** How a statement's fees were found, for its facts: 文件列明 / 推算 / 估 / 混合. */
export function FeeBasisFact({ basis }: { basis: FeeBasis | "mixed" }) {
  if (basis === "file") return <>文件列明</>;
  if (basis === "mixed") return <>部分推算或估算</>;
  return (
    <>
      {basis === "derived" ? "按清算金额推算" : "按费率估算"}
      <FeeBasisMark basis={basis} />
    </>
  );
}


/** Shares held before the file began: cost unknown, their trips left out of realised P&L. */
export function UnknownOpenings({ items }: { items: UnknownOpening[] }) {
  if (!items.length) return null;
  return (
    <NoteCard
      title={`未知期初持仓（${items.length}）`}
      hint="导入前已持有，成本未知，不计入已实现盈亏。"
      testId="unknown-openings"
      rows={items.map((o, i) => (
        <li key={`${o.code}-${o.line}-${i}`} className="py-1.5">
          <div className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-medium text-slate-900">{o.name || displayCode(o.code, o.market)}</span>
            <span className="text-slate-500">{displayCode(o.code, o.market)}</span>
            <span className="tabular-nums text-slate-700">{formatShares(o.quantity)}</span>
            <span className="text-slate-500 tabular-nums">第 {o.line} 行 · {o.date}</span>
          </div>
          <p className="mt-0.5 break-words text-slate-600">{o.reason}</p>
        </li>
      ))}
    />
  );
}

/** Bonds or shares allotted on a subscription code that had not listed by the end of the file. */
export function PendingAllotments({ items }: { items: PendingAllotment[] }) {
  if (!items.length) return null;
  return (
    <NoteCard
      title={`待上市配售（${items.length}）`}
      hint="配债、中签等尚未上市，上市后并入对应代码；不计为成交。"
      testId="pending-allotments"
      rows={items.map((a, i) => (
        <li key={`${a.code}-${a.line}-${i}`} className="flex flex-wrap items-baseline gap-x-2 py-1.5">
          <span className="font-medium text-slate-900">{a.name || a.code}</span>
          <span className="text-slate-500">{a.code}</span>
          <span className="tabular-nums text-slate-700">{formatNumber(a.quantity, 0)} 张/股</span>
          <span className="tabular-nums text-slate-700">缴款 {formatMoney(a.cost)}</span>
          <span className="text-slate-500 tabular-nums">{a.date}</span>
        </li>
      ))}
    />
  );
}

/** Fills whose amount, fees and net cash do not add up to the fen: listed, never adjusted. */
export function UnreconciledFills({ rows }: { rows: UnreconciledFill[] }) {
  if (!rows.length) return null;
  return (
    <NoteCard
      title={`金额对不上的成交（${rows.length}）`}
      hint="成交金额 ± 费用 ≠ 清算金额，按文件原样计入，请核对这些行。"
      testId="unreconciled-fills"
      rows={rows.map((r, i) => (
        <li key={`${r.line}-${i}`} className="flex flex-wrap gap-x-2 py-1.5 tabular-nums">
          <span className="shrink-0 text-slate-500">第 {r.line} 行</span>
          <span className="text-slate-700">
            成交 {formatMoney(r.amount)} · 费用 {formatMoney(r.fees)} · 清算 {formatMoney(r.netAmount)}
          </span>
          <span className="font-medium text-amber-800">差 {formatMoney(r.difference)}</span>
        </li>
      ))}
    />
  );
}

/** 港股通: its own summary, stocks and trips, in its own currency, never summed with the A-share figures. */
export function HkSection({ hk, trips, note }: { hk: HkView; trips: RoundTripJson[]; note?: string }) {
  const s = hk.summary;
  const rate = looseNumber(s.winRate);
  const figures: [string, ReactNode, string?][] = [
    ["已实现盈亏", formatSignedMoneyWan(s.realizedPnl, hk.currency), pnlClass(s.realizedPnl)],
    ["已平仓", `${s.roundTrips} 笔`],
    ["胜率", s.roundTrips ? formatRate(Number.isFinite(rate) ? rate : s.wins / s.roundTrips) : "—"],
    ["费用", formatMoney(s.totalFees, hk.currency)],
  ];
  return (
    <section data-testid="hk-section" aria-label="港股通" className="min-w-0 space-y-3 rounded-xl border border-violet-200 bg-violet-50/40 p-3 sm:p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 className="text-base font-semibold text-slate-900">港股通</h3>
        <p className="text-xs text-slate-500">
          金额单位：{CURRENCY_LABEL[hk.currency]}
          {hk.currency === "CNY" ? "（按文件汇率折算）" : ""} · 不计入上方 A 股数据
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {figures.map(([label, value, tone]) => (
          <div key={label} className="min-w-0 rounded-lg border border-slate-200 bg-white px-3 py-2">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className={cn("mt-0.5 font-semibold break-words tabular-nums", tone ?? "text-slate-900")}>{value}</dd>
          </div>
        ))}
      </dl>
      {hk.perStock.length ? (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white px-3 text-sm" aria-label="港股通个股盈亏">
          {hk.perStock.map((row) => (
            <li key={row.code} className="flex items-baseline justify-between gap-2 py-1.5">
              <span className="min-w-0 truncate">
                <span className="font-medium text-slate-900">{row.name}</span> <span className="text-xs text-slate-500">{displayCode(row.code, "HK")}</span>
              </span>
              <span className={cn("shrink-0 font-medium tabular-nums", pnlClass(row.pnl))}>{formatSignedMoney(row.pnl, hk.currency)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <RoundTripTable trips={trips} title="港股通交易回合" currency={hk.currency} note={note} emptyText="没有港股通交易回合" testId="hk-round-trips" />
    </section>
  );
}
