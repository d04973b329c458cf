import { compactFromIso, isoFromCompact } from "@/lib/domain/market/providers/dates";
import { defaultCalendar } from "@/lib/domain/market/calendar";
import { limitDownPrice, limitRatio, limitUpPrice } from "@/lib/domain/market/limits";
import { startLocalServer, type LocalServer, type Reply } from "./server";
import { WORLD_FUND_LISTINGS, WORLD_LISTINGS, WORLD_NAME_CHANGES, WORLD_SUSPENSIONS, worldFundBars, worldIndexBars, worldStockBars, type WorldBar } from "./world";

/**
 * A Tushare Pro stand-in: POST `{api_name, token, params, fields}` to any path, answered as Tushare answers
 * (`{request_id, code, msg, data: {fields, items, has_more}}`) for `daily` (stocks only), `fund_daily` (exchange-traded
 * funds only), `index_daily`, `trade_cal`, `stock_basic`, `namechange`, `suspend_d` and `stk_limit`, over the market world. A wrong token gets code 40101, more than `perMinute` calls of one API
 * within `windowMs` get Tushare's 40203 rate-limit answer, an API in `forbidden` its 40203 permission answer.
 */

export interface TushareLocalOptions {
  port?: number;
  token?: string;
  /** calls per API per window (Tushare: per minute) */
  perMinute?: number;
  windowMs?: number;
  rowLimits?: Partial<Record<RowLimitedApi, number>>;
  /** APIs this token has no permission for */
  forbidden?: string[];
}

type RowLimitedApi = "daily" | "fund_daily" | "index_daily" | "trade_cal" | "stk_limit";

export const TUSHARE_LOCAL_TOKEN = "local-tushare-token";
const DOC_108 = "权限的具体详情访问：https://tushare.pro/document/1?doc_id=108。";

export interface TushareLocal extends LocalServer {
  options: Required<Omit<TushareLocalOptions, "rowLimits">> & { rowLimits: Record<RowLimitedApi, number> };
}

export async function startTushareLocal(options: TushareLocalOptions = {}): Promise<TushareLocal> {
  const settings: TushareLocal["options"] = {
    port: options.port ?? 0,
    token: options.token ?? TUSHARE_LOCAL_TOKEN,
    perMinute: options.perMinute ?? 500,
    windowMs: options.windowMs ?? 60_000,
    rowLimits: { daily: 6000, fund_daily: 2000, index_daily: 8000, trade_cal: 6000, stk_limit: 5800, ...options.rowLimits },
    forbidden: options.forbidden ?? [],
  };
  const recent = new Map<string, number[]>();
  let requestId = 0;

  const answer = (code: number, msg: string, data: unknown, outcome: string): Reply => ({
    status: 200,
    body: { request_id: `local-${++requestId}`, code, msg, message: msg, data },
    outcome,
  });

  const server = await startLocalServer(settings.port, (_req, text) => {
    let body: { api_name?: unknown; token?: unknown; params?: unknown; fields?: unknown };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      return answer(-2001, "请求参数不是合法的 JSON", null, "bad json");
    }
    const api = typeof body.api_name === "string" ? body.api_name : "";
    const params = Object.fromEntries(
      Object.entries(typeof body.params === "object" && body.params ? body.params : {}).map(([k, v]) => [k, String(v)]),
    );
    const fields = typeof body.fields === "string" ? body.fields : Array.isArray(body.fields) ? body.fields.join(",") : "";
    return {
      api,
      subject: params.ts_code ?? params.trade_date ?? api,
      params,
      answer: () => {
        if (body.token !== settings.token) return answer(40101, "您的token不对，请确认。", null, "40101");
        if (settings.forbidden.includes(api)) return answer(40203, `抱歉，您没有访问该接口的权限，${DOC_108}`, null, "40203 permission");
        const now = Date.now();
        const times = (recent.get(api) ?? []).filter((t) => now - t < settings.windowMs);
        if (times.length >= settings.perMinute) {
          recent.set(api, times);
          return answer(40203, `抱歉，您每分钟最多访问该接口${settings.perMinute}次，${DOC_108}`, null, "40203 rate limit");
        }
        recent.set(api, [...times, now]);
        const table = tableOf(api, params, settings.rowLimits);
        if ("error" in table) return answer(-2001, table.error, null, "-2001");
        return answer(0, "", project(table, fields), "ok");
      },
    };
  });
  return Object.assign(server, { options: settings });
}

interface Table {
  fields: string[];
  items: unknown[][];
  has_more: boolean;
}

const BAR_FIELDS = ["ts_code", "trade_date", "open", "high", "low", "close", "pre_close", "change", "pct_chg", "vol", "amount"];
const round = (x: number, digits: number) => Number(x.toFixed(digits));

/** a row in Tushare's units (vol 手, amount 千元); a fund's change is to the 0.001 like its prices */
function barItem(tsCode: string, bar: WorldBar, decimals: 2 | 3 = 2): unknown[] {
  const change = round(bar.close - bar.preClose, decimals);
  return [
    tsCode, compactFromIso(bar.date), bar.open, bar.high, bar.low, bar.close, bar.preClose, change,
    round((change / bar.preClose) * 100, 2), round(bar.volume / 100, 2), round(bar.amount / 1000, 3),
  ];
}

function range(params: Record<string, string>): { from: string; to: string } | { error: string } {
  const single = params.trade_date ? isoFromCompact(params.trade_date) : null;
  if (params.trade_date && !single) return { error: `trade_date 格式不对：${params.trade_date}` };
  const from = single ?? (params.start_date ? isoFromCompact(params.start_date) : "1990-12-19");
  const to = single ?? (params.end_date ? isoFromCompact(params.end_date) : "2099-12-31");
  if (!from || !to) return { error: `start_date/end_date 格式不对：${params.start_date ?? ""} ${params.end_date ?? ""}` };
  return { from, to };
}

/** newest first, as Tushare answers, cut at the row limit */
function limited(items: unknown[][], limit: number): Table {
  const sorted = items.sort((a, b) => String(b[1]).localeCompare(String(a[1])) || String(a[0]).localeCompare(String(b[0])));
  return { fields: BAR_FIELDS, items: sorted.slice(0, limit), has_more: sorted.length > limit };
}

function tableOf(api: string, params: Record<string, string>, limits: TushareLocal["options"]["rowLimits"]): Table | { error: string } {
  const dates = range(params);
  if ("error" in dates) return dates;
  const { from, to } = dates;
  switch (api) {
    case "daily":
    case "fund_daily": {
      const fund = api === "fund_daily";
      const listings = fund ? WORLD_FUND_LISTINGS : WORLD_LISTINGS;
      const codes = params.ts_code
        ? params.ts_code.split(",").map((c) => c.trim()).filter(Boolean)
        : params.trade_date ? listings.map((l) => `${l.code}.${l.exchange}`) : null;
      if (!codes) return { error: "ts_code 和 trade_date 至少输入一个" };
      // each API knows its own securities: `daily` has no rows for a fund, `fund_daily` none for a stock
      const items = codes.flatMap((tsCode) => {
        const m = /^(\d{6})\.(SH|SZ|BJ)$/.exec(tsCode);
        if (!m) return [];
        return fund ? worldFundBars(m[1]!, from, to).map((bar) => barItem(tsCode, bar, 3)) : worldStockBars(m[1]!, from, to).map((bar) => barItem(tsCode, bar));
      });
      return limited(items, fund ? limits.fund_daily : limits.daily);
    }
    case "index_daily": {
      if (!params.ts_code) return { error: "ts_code 必须输入" };
      return limited(worldIndexBars(params.ts_code, from, to).map((bar) => barItem(params.ts_code!, bar)), limits.index_daily);
    }
    case "trade_cal": {
      const items: unknown[][] = [];
      const exchange = params.exchange || "SSE";
      for (let day = to; day >= from; day = dayBefore(day)) {
        const open = defaultCalendar.isTradingDay(day) ? 1 : 0;
        if (params.is_open !== undefined && params.is_open !== "" && Number(params.is_open) !== open) continue;
        items.push([exchange, compactFromIso(day), open, compactFromIso(defaultCalendar.previous(day))]);
      }
      return { fields: ["exchange", "cal_date", "is_open", "pretrade_date"], items: items.slice(0, limits.trade_cal), has_more: items.length > limits.trade_cal };
    }
    case "namechange": {
      // paged by offset and limit, as Tushare pages its long tables
      const offset = Number(params.offset ?? 0) || 0;
      const limit = Number(params.limit ?? 10_000) || 10_000;
      const all = WORLD_NAME_CHANGES.map((c) => [`${c.code}.${c.exchange}`, c.name, c.start, c.end, c.start, c.end ? "改名" : "其他"]);
      return { fields: ["ts_code", "name", "start_date", "end_date", "ann_date", "change_reason"], items: all.slice(offset, offset + limit), has_more: offset + limit < all.length };
    }
    case "suspend_d": {
      const codes = params.ts_code ? new Set(params.ts_code.split(",").map((c) => c.trim())) : null;
      const items = WORLD_SUSPENSIONS.filter((d) => (!codes || codes.has(`${d.code}.${d.exchange}`)) && d.date >= from && d.date <= to)
        .filter(() => !params.suspend_type || params.suspend_type === "S")
        .map((d) => [`${d.code}.${d.exchange}`, compactFromIso(d.date), null, "S"]);
      return { fields: ["ts_code", "trade_date", "suspend_timing", "suspend_type"], items, has_more: false };
    }
    case "stk_limit": {
      // the exchange's limit prices on each day the stock traded: the world's bars keep within them
      const codes = params.ts_code ? params.ts_code.split(",").map((c) => c.trim()).filter(Boolean) : [];
      if (codes.length === 0 && !params.trade_date) return { error: "ts_code 和 trade_date 至少输入一个" };
      const items = codes.flatMap((tsCode) => {
        const m = /^(\d{6})\.(SH|SZ|BJ)$/.exec(tsCode);
        if (!m) return [];
        return worldStockBars(m[1]!, from, to).map((bar) => {
          const ratio = limitRatio(m[1]!, bar.date) ?? 0.1;
          return [compactFromIso(bar.date), tsCode, bar.preClose, limitUpPrice(bar.preClose, ratio), limitDownPrice(bar.preClose, ratio)];
        });
      });
      const sorted = items.sort((a, b) => String(b[0]).localeCompare(String(a[0])) || String(a[1]).localeCompare(String(b[1])));
      return { fields: ["trade_date", "ts_code", "pre_close", "up_limit", "down_limit"], items: sorted.slice(0, limits.stk_limit), has_more: sorted.length > limits.stk_limit };
    }
    case "stock_basic": {
      const status = params.list_status || "L";
      const items = status === "L" ? WORLD_LISTINGS.map((l) => [`${l.code}.${l.exchange}`, l.code, l.name, l.exchange, l.listDate]) : [];
      return { fields: ["ts_code", "symbol", "name", "exchange", "list_date"], items, has_more: false };
    }
    default:
      return { error: `接口名不存在：${api}` };
  }
}

function dayBefore(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** only the asked fields, in the asked order (all when none are asked) */
function project(table: Table, fields: string): Table {
  const wanted = fields.split(",").map((f) => f.trim()).filter((f) => table.fields.includes(f));
  if (wanted.length === 0) return table;
  const index = wanted.map((f) => table.fields.indexOf(f));
  return { fields: wanted, items: table.items.map((item) => index.map((i) => item[i])), has_more: table.has_more };
}
