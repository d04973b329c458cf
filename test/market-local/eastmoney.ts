import { isoFromCompact } from "@/lib/domain/market/providers/dates";
import { exchangeOf } from "@/lib/domain/market/codes";
import { priceDecimals } from "@/lib/domain/market/limits";
import { startLocalServer, type LocalServer } from "./server";
import { WORLD_INDEXES, isWorldFund, isWorldStock, worldBars, worldIndexBars, worldName, type WorldBar } from "./world";

/**
 * A 东方财富 stand-in: `GET /api/qt/stock/kline/get?secid=1.600519&klt=101&fqt=0&beg=20240101&end=20241231&…`
 * answered as the public endpoint answers (`{rc, rt, svr, lt, full, dlmkts, data: {code, market, name, decimal,
 * dktotal, preKPrice, klines}}`), `data: null` for a secid it does not know (a wrong market prefix included).
 * Only daily (klt=101) unadjusted (fqt=0) bars: anything else is refused with HTTP 400 so a client asking for
 * adjusted prices notices.
 */

export interface EastmoneyLocalOptions {
  port?: number;
}

export async function startEastmoneyLocal(options: EastmoneyLocalOptions = {}): Promise<LocalServer> {
  return startLocalServer(options.port ?? 0, (req) => {
    const url = new URL(req.url ?? "/", "http://local");
    const params = Object.fromEntries(url.searchParams);
    if (url.pathname !== "/api/qt/stock/kline/get") return { status: 404, body: "<html><body>404</body></html>", outcome: "404" };
    return {
      api: "kline",
      subject: params.secid ?? "",
      params,
      answer: () => {
        if (params.klt !== "101" || params.fqt !== "0") {
          return { status: 400, body: `the stand-in serves klt=101 fqt=0 only (asked klt=${params.klt} fqt=${params.fqt})`, outcome: "400" };
        }
        const from = params.beg === "0" || !params.beg ? "1990-01-01" : isoFromCompact(params.beg);
        const to = !params.end ? "2050-01-01" : isoFromCompact(params.end);
        if (!from || !to) return { status: 200, body: envelope(null), outcome: "bad dates" };
        const security = known(params.secid ?? "");
        if (!security) return { status: 200, body: envelope(null), outcome: "data null" };
        const all = security.bars("1990-01-01", to);
        const bars = all.filter((bar) => bar.date >= from);
        const before = all.length - bars.length;
        const preKPrice = before > 0 ? all[before - 1]!.close : (bars[0]?.preClose ?? 0);
        return {
          status: 200,
          body: envelope({
            code: security.code, market: security.market, name: security.name, decimal: security.decimal, dktotal: all.length,
            preKPrice, klines: bars.map((bar) => kline(bar, security.decimal)),
          }),
          outcome: "ok",
        };
      },
    };
  });
}

interface Security {
  code: string;
  market: number;
  name: string;
  /** 2 for stocks and indexes, 3 for funds, as the endpoint's `decimal` says */
  decimal: 2 | 3;
  bars: (from: string, to: string) => WorldBar[];
}

/** stocks and funds on the market their prefix says (1 Shanghai, 0 Shenzhen and Beijing), and the world's Shanghai indexes */
function known(secid: string): Security | null {
  const m = /^([01])\.(\d{6})$/.exec(secid);
  if (!m) return null;
  const market = Number(m[1]);
  const code = m[2]!;
  const index = WORLD_INDEXES[`${code}.SH`];
  if (market === 1 && index) return { code, market, name: index.name, decimal: 2, bars: (from, to) => worldIndexBars(`${code}.SH`, from, to) };
  if (!(isWorldStock(code) || isWorldFund(code)) || (exchangeOf(code) === "SH" ? 1 : 0) !== market) return null;
  return { code, market, name: worldName(code), decimal: priceDecimals(code), bars: (from, to) => worldBars(code, from, to) };
}

/** prices and change to the security's decimals; amplitude, percent and turnover to two */
function kline(bar: WorldBar, decimal: 2 | 3): string {
  const change = bar.close - bar.preClose;
  return [
    bar.date, bar.open.toFixed(decimal), bar.close.toFixed(decimal), bar.high.toFixed(decimal), bar.low.toFixed(decimal),
    Math.round(bar.volume / 100), bar.amount.toFixed(2), (((bar.high - bar.low) / bar.preClose) * 100).toFixed(2),
    ((change / bar.preClose) * 100).toFixed(2), change.toFixed(decimal), bar.turnover === null ? "-" : bar.turnover.toFixed(2),
  ].join(",");
}

function envelope(data: unknown): unknown {
  return { rc: 0, rt: 17, svr: 181669437, lt: 1, full: 0, dlmkts: "", data };
}
