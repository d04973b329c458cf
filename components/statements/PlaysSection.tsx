import type { Column } from "@/components/ui/table/columns";
import { DataTable } from "@/components/ui/table/DataTable";
import { MIN_PLAY_SAMPLE, type PlayRecord, type PlayStats } from "@/lib/domain/lessons/play-record";
import { LIMIT_UP_CAVEAT, PLAY_RULES } from "@/lib/domain/lessons/plays";
import { formatPercent, formatRate, formatSignedYuan } from "@/lib/domain/statements/format";
import { Panel } from "./Panel";
import { pnlClass } from "./tone";

/** /analysis/{id}/plays: the record per 打法 with its samples, the 打板 figures and the rules in words (docs/adr/0080). */
export function PlaysSection({ record }: { record: PlayRecord }) {
  const columns: Column<PlayStats>[] = [
    { header: "打法", rowHeader: true, cell: (row) => row.label },
    { header: "买入笔数", align: "right", cell: (row) => row.buys },
    { header: "回合", align: "right", cell: (row) => row.trips },
    { header: "胜率", align: "right", cell: (row) => (row.winRate === null ? "—" : formatRate(row.winRate, 1)) },
    { header: "平均盈亏", align: "right", className: (row) => pnlClass(row.averagePnl ?? 0), cell: (row) => (row.averagePnl === null ? "—" : formatSignedYuan(row.averagePnl)) },
    { header: "累计盈亏", align: "right", className: (row) => `font-medium ${pnlClass(row.totalPnl)}`, cell: (row) => (row.trips ? formatSignedYuan(row.totalPnl) : "—") },
    { header: "样本", cell: (row) => (row.trips === 0 ? "无" : row.smallSample ? `不足 ${MIN_PLAY_SAMPLE} 个回合，参考有限` : "足够") },
  ];
  const { limitUp } = record;
  return (
    <div className="space-y-4" data-testid="plays-section">
      <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
        打法按当天日线、涨停价和成交价格、时间归类，仅用于复盘历史交易、学习思路，不构成任何买卖建议。
      </p>
      <Panel title="各打法战绩" aside="按开仓的那笔买入归类" bodyClassName="p-0">
        <DataTable label="各打法战绩" minWidth={600} rows={record.plays} columns={columns} rowKey={(row) => row.play} empty="暂无交易" />
      </Panel>
      <Panel title="打板">
        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-600">打板买入</dt>
            <dd className="text-lg font-semibold text-slate-900">{limitUp.buys} 笔</dd>
          </div>
          <div>
            <dt className="text-slate-600">次日溢价（次日开盘价相对买入价）</dt>
            <dd className={`text-lg font-semibold ${pnlClass(limitUp.nextDayPremium ?? 0)}`}>
              {limitUp.nextDayPremium === null ? "—" : formatPercent(limitUp.nextDayPremium, { signed: true })}
              <span className="ml-1 text-xs font-normal text-slate-600">{limitUp.nextDaySamples} 个样本</span>
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">炸板率（买入当天未封住涨停）</dt>
            <dd className="text-lg font-semibold text-slate-900">
              {limitUp.brokenRate === null ? "—" : formatRate(limitUp.brokenRate, 1)}
              <span className="ml-1 text-xs font-normal text-slate-600">{limitUp.buys} 个样本</span>
            </dd>
          </div>
        </dl>
        {limitUp.buys > 0 && limitUp.buys < MIN_PLAY_SAMPLE ? <p className="mt-2 text-xs text-slate-600">样本不足 {MIN_PLAY_SAMPLE} 笔，数字波动大，仅供参考。</p> : null}
        <p className="mt-2 text-xs text-slate-600">{LIMIT_UP_CAVEAT}，这里统称“打板”。</p>
      </Panel>
      <Panel title="打法怎么认定">
        <ul className="space-y-1.5 text-sm text-slate-700">
          {PLAY_RULES.map((r) => (
            <li key={r.label}>
              <span className="font-medium text-slate-900">{r.label}</span>：{r.rule}
            </li>
          ))}
        </ul>
        {record.unlabelled > 0 ? <p className="mt-2 text-xs text-slate-600">{record.unlabelled} 笔买入当天没有行情数据，未归类。</p> : null}
      </Panel>
    </div>
  );
}
