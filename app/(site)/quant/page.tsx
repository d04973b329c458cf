import type { Metadata } from "next";
import { PageIntro } from "@/components/content/PageIntro";
import { DataAsOf } from "@/components/site/DataAsOf";
import { marketAsOf } from "@/lib/server/market/as-of";
import { StrategyTable } from "@/components/quant/StrategyTable";
import { isStrategySortKey, sortStrategyRows, type SortDir, type StrategySortKey } from "@/components/quant/strategy-rows";
import { getViewer } from "@/lib/server/auth/viewer";
import { MIN_TRACK_DAYS, strategyDetail, strategyList } from "@/lib/server/quant/strategies";
import { StrategyDetailView } from "./_views/StrategyDetailView";
import { ItemListJsonLd } from "../_views/ItemListJsonLd";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);

async function parse(searchParams: Props["searchParams"]) {
  const q = await searchParams;
  const s = one(q.s);
  const sort = one(q.sort);
  return {
    strategy: s && GUID.test(s) ? s : null,
    sort: isStrategySortKey(sort) ? sort : ("sharpe" as StrategySortKey),
    dir: (one(q.dir) === "asc" ? "asc" : "desc") as SortDir,
  };
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const { strategy } = await parse(searchParams);
  if (strategy) {
    const detail = await strategyDetail(null, strategy);
    if (detail) {
      return {
        title: `${detail.profile.name} · 量化策略`,
        description: `${detail.profile.name}：净值与沪深300对比、最大回撤、月度收益、夏普比率与实盘成交。${detail.profile.description}`.slice(0, 160),
        alternates: { canonical: `/quant?s=${strategy}` },
      };
    }
  }
  return {
    title: "量化策略",
    description: "量化策略的年化收益、最大回撤、夏普比率与胜率；实盘与回测分开展示。",
    alternates: { canonical: "/quant" },
  };
}

export default async function QuantPage({ searchParams }: Props) {
  const { strategy, sort, dir } = await parse(searchParams);
  if (strategy) return <StrategyDetailView guid={strategy} viewer={await getViewer()} />;
  const rows = sortStrategyRows(await strategyList(), sort, dir);
  const sortHref = (key: StrategySortKey) => `/quant?sort=${key}&dir=${key === sort && dir === "desc" ? "asc" : "desc"}`;
  return (
    <>
      <PageIntro title="量化策略">实盘记录只追加不修改，回测单独标注。净值满 {MIN_TRACK_DAYS} 个交易日才参与排序。</PageIntro>
      <DataAsOf asOf={await marketAsOf()} />
      <StrategyTable rows={rows} sort={sort} dir={dir} sortHref={sortHref} hrefFor={(guid) => `/quant?s=${guid}`} minPeriods={MIN_TRACK_DAYS} />
      <ItemListJsonLd name="量化策略" path="/quant" items={rows.map((r) => ({ name: r.name, path: `/quant?s=${r.guid}` }))} />
    </>
  );
}
