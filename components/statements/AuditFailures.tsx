import { AUDIT_RULE_LABELS, type AuditedFailure } from "@/lib/domain/audit/types";
import { formatNumber, formatQuote } from "@/lib/domain/statements/format";

/** Every fill that failed the 交割单体检, with the rule and its reason (docs/adr/0079). */
export function AuditFailures({ failures }: { failures: AuditedFailure[] }) {
  if (failures.length === 0) return null;
  return (
    <section aria-labelledby="audit-failures" className="mb-5 rounded-xl border border-red-200 bg-red-50/40 p-4" data-testid="audit-failures">
      <h2 id="audit-failures" className="text-base font-semibold text-slate-900">交割单体检未通过（{failures.length} 项）</h2>
      <p className="mt-1 text-xs text-slate-600">按当日行情、交易日历、涨跌停和交易规则核对，以下成交不可能按所写发生，或与文件自身的余额矛盾。</p>
      <ul className="mt-3 divide-y divide-red-100 text-sm">
        {failures.map((f, i) => (
          <li key={`${f.date}-${f.code}-${i}`} className="py-2">
            <div className="flex flex-wrap items-baseline gap-x-2 text-slate-800">
              <span className="tabular-nums">{f.date}{f.time ? ` ${f.time}` : ""}</span>
              <span>{f.name}（{f.code}）</span>
              <span className={f.side === "buy" ? "text-up" : "text-down-text"}>{f.side === "buy" ? "买入" : "卖出"}</span>
              <span className="tabular-nums">{formatNumber(f.quantity, 0)}股 @ {formatQuote(f.price)}</span>
            </div>
            <p className="mt-0.5 text-red-800">
              <span className="mr-1 rounded bg-red-100 px-1 py-0.5 text-[11px] font-medium">{AUDIT_RULE_LABELS[f.rule]}</span>
              {f.message}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
