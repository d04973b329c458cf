import { EmptyState } from "@/components/content/EmptyState";
import { LockedBox } from "@/components/site/LockedBox";
import { FREE_RANK_ROWS, MIN_CLOSED_TRIPS_TO_RANK, MIN_TRADING_DAYS_TO_RANK, type RankShow } from "@/lib/domain/statements/ranking-rules";

const NOTHING_RANKED: Record<RankShow, string> = { profit: "盈利交易", loss: "亏损交易", stocks: "买入" };

/**
 * 暂无排行数据: what the span lacked, and what it takes to be ranked. `audited`: the 交割单体检 filter is on and this
 * many masters pass it (docs/adr/0079).
 */
export function NoRankings({ range, show, audited = null }: { range: string | null; show: RankShow; audited?: number | null }) {
  return (
    <EmptyState title="暂无排行数据">
      {audited !== null ? `体检全部通过的大神共 ${audited} 位；` : ""}
      {range ? `${range} 没有可排名的${NOTHING_RANKED[show]}。` : ""}
      进入排行需至少 {MIN_CLOSED_TRIPS_TO_RANK} 笔已平仓交易且覆盖 {MIN_TRADING_DAYS_TO_RANK} 个交易日。
    </EmptyState>
  );
}

/**
 * The 交割单体检 filter kept no master at all (docs/adr/0079): no fill has been checked against market data yet, or
 * each master has one that failed or could not be checked. The demo's statements are never audited.
 */
export function NoAuditedMasters() {
  return (
    <EmptyState title="暂无成交全部经行情核验通过的大神">
      体检需要行情数据，导入行情后会自动核验；有成交未通过或无法核验的大神不列入，演示数据不做体检。
    </EmptyState>
  );
}

/** Under a ranking a visitor sees the top rows of: how long the whole list is. */
export function RankingLocked({ total }: { total: number }) {
  return (
    <div className="mt-4">
      <LockedBox title={`完整榜单共 ${total} 名`}>免费查看前 {FREE_RANK_ROWS} 名，升级 VIP 查看完整榜单。</LockedBox>
    </div>
  );
}

/** The masters left out of a ranking for a sample too small. */
export function UnrankedNote({ count }: { count: number }) {
  return (
    <p className="mt-3 text-xs text-slate-500">
      另有 {count} 位大神样本不足（少于 {MIN_CLOSED_TRIPS_TO_RANK} 笔已平仓交易或 {MIN_TRADING_DAYS_TO_RANK} 个交易日），暂不参与排名。
    </p>
  );
}
