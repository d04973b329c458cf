import { EmptyState } from "@/components/content/EmptyState";
import { LockedBox } from "@/components/site/LockedBox";
import { FREE_RANK_ROWS, MIN_CLOSED_TRIPS_TO_RANK, MIN_TRADING_DAYS_TO_RANK, type RankShow } from "@/lib/domain/statements/ranking-rules";

const NOTHING_RANKED: Record<RankShow, string> = { profit: "盈利交易", loss: "亏损交易", stocks: "买入" };

/** 暂无排行数据: what the span lacked, and what it takes to be ranked. */
export function NoRankings({ range, show }: { range: string | null; show: RankShow }) {
  return (
    <EmptyState title="暂无排行数据">
      {range ? `${range} 没有可排名的${NOTHING_RANKED[show]}。` : ""}
      进入排行需至少 {MIN_CLOSED_TRIPS_TO_RANK} 笔已平仓交易且覆盖 {MIN_TRADING_DAYS_TO_RANK} 个交易日。
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
