import { ShieldCheck, ShieldAlert } from "lucide-react";

export interface AuditCounts {
  checkedFills: number;
  verifiedFills: number;
  failedFills: number;
  unverifiable: number;
}

const LABEL = "inline-flex min-w-0 shrink-0 items-center gap-1 text-xs text-slate-600";

/**
 * 交割单体检 beside the provenance label (docs/adr/0079): "N 笔成交中 M 笔经行情核验" and the share, with how many
 * failed. It says something other than the file's hash: the hash is integrity, this is plausibility.
 */
export function AuditBadge({ audit }: { audit: AuditCounts }) {
  if (audit.checkedFills === 0) return null;
  const share = Math.floor((audit.verifiedFills / audit.checkedFills) * 100);
  const failed = audit.failedFills > 0;
  const Icon = failed ? ShieldAlert : ShieldCheck;
  return (
    <span
      data-testid="audit-badge"
      className={LABEL}
      title={`交割单体检：每笔成交按当日行情、交易日历、涨跌停和交易规则核对。${audit.unverifiable > 0 ? `${audit.unverifiable} 笔没有当日行情，无法核验。` : ""}`}
    >
      <Icon aria-hidden className={failed ? "size-3.5 shrink-0 text-red-700" : "size-3.5 shrink-0 text-emerald-700"} />
      <span>
        <span className="font-medium text-slate-700">{audit.checkedFills} 笔成交中 {audit.verifiedFills} 笔经行情核验</span>（{share}%）
        {failed ? <span className="ml-1 font-medium text-red-700">{audit.failedFills} 笔未通过</span> : null}
      </span>
    </span>
  );
}
