import Link from "@/components/ui/Link";
import { EmptyState } from "@/components/content/EmptyState";
import { sourceLabel, type MarketDataSetup } from "@/lib/domain/market/bar-source";

function Command({ children }: { children: string }) {
  return <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-xs text-slate-700">{children}</code>;
}

/**
 * A chart without bars. An administrator (`setup` given) reads what fills it: with no provider, how to configure one or
 * import daily bars; with one, how to sync this stock. Anyone else reads only that the chart is not available yet.
 */
export function NoMarketData({ code, setup }: { code: string; setup: MarketDataSetup | null }) {
  const title = "暂无该股票的行情数据";
  if (!setup) return <EmptyState title={title}>这只股票的K线与买卖点暂时无法显示。</EmptyState>;
  if (setup.provider === "none") {
    return (
      <EmptyState title={title}>
        <p>
          尚未配置行情数据源（仅管理员可见）。设置环境变量 <Command>MARKET_DATA_PROVIDER=tushare</Command> 并提供{" "}
          <Command>TUSHARE_TOKEN</Command>，或设置 <Command>MARKET_DATA_PROVIDER=eastmoney</Command>（无需密钥），重启后同步行情；
        </p>
        <p className="mt-1">
          也可以导入日线文件（CSV 或通达信 .day）：<Command>npm run cli -- import:bars 文件…</Command>
        </p>
      </EmptyState>
    );
  }
  return (
    <EmptyState title={title}>
      <p>
        行情数据源为 {sourceLabel(setup.provider)}，但还没有同步这只股票（仅管理员可见）。在
        <Link href="/admin" className="text-brand hover:underline">管理后台</Link>点击「同步行情」，或运行{" "}
        <Command>{`npm run cli -- market:sync --codes ${code}`}</Command>
      </p>
    </EmptyState>
  );
}
