/**
 * The one line that dates a page's market-day data (ADR 0036): 数据截至 the site's newest market day, and for a
 * viewer on a disclosure delay, how late they see it and the newest day open to them. Said once per page.
 */
export interface DataAsOfDelay {
  /** who is delayed, as the reader would name themselves: 免费会员, 非 SVIP 会员 */
  who: string;
  /** trading days */
  days: number;
  /** the newest day this viewer may open */
  through: string;
}

export function DataAsOf({ asOf, delay }: { asOf: string; delay?: DataAsOfDelay | null }) {
  return (
    <p className="mb-4 text-xs leading-5 text-slate-500" data-testid="data-as-of">
      <span className="whitespace-nowrap">数据截至 {asOf}</span>
      {delay ? (
        <>
          <span aria-hidden> · </span>
          <span>
            {delay.who}延迟 {delay.days} 个交易日查看（最近可看 <span className="whitespace-nowrap">{delay.through}</span>）
          </span>
        </>
      ) : null}
    </p>
  );
}
