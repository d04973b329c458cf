import "server-only";
import { eq, inArray } from "drizzle-orm";
import type { TradingCalendar } from "@/lib/domain/market/calendar";
import { exchangeOf } from "@/lib/domain/market/codes";
import { EVERY_DAY, missingSpans, type DateSpan } from "@/lib/domain/market/sync-spans";
import type { DailyBar } from "@/lib/domain/market/types";
import { db, type Database } from "@/lib/db";
import { marketSyncRuns, stocks } from "@/lib/db/schema";
import { logger } from "@/lib/server/logger";
import { rememberStocks, upsertBars } from "@/lib/server/market/bars";
import { marketCalendar } from "@/lib/server/market/calendar";
import { MarketDataError, type MarketDataProvider } from "@/lib/server/market/providers/types";
import { marketDataProvider } from "@/lib/server/market/providers";
import { CALENDAR_CODE, calendarSpan, planMarketSync, shanghaiClock, type SyncPlan, type SyncTarget } from "./plan";
import { fetchedSpans, recordFetchedSpan, replaceLimitPrices, replaceNameHistory, replaceSuspensions, replaceTradingDays } from "./store";
import type { SyncFailure, SyncRequest, SyncSummary } from "./types";

export const NO_PROVIDER_MESSAGE = "未配置行情数据源：设置 MARKET_DATA_PROVIDER=tushare（并设置 TUSHARE_TOKEN）或 eastmoney";
export const CANCELLED_MESSAGE = "同步已取消";
const NAMES_CODE = "@names";
const SUSPENSIONS_CODE = "@suspensions";
const NAME_HISTORY_CODE = "@name-history";
const LIMIT_PRICES_CODE = "@limit-prices";
const MS_PER_DAY = 86_400_000;

interface BarRequest {
  codes: string[];
  span: DateSpan;
  ask: (signal?: AbortSignal) => Promise<DailyBar[]>;
  /** after its answer was stored or its failure noted */
  done: () => void;
}

type Answer = { bars: DailyBar[] } | { error: unknown };

/** The run as a whole stops: every later call would fail the same way (a bad token) or it was cancelled. */
class RunStopped extends Error {}

/**
 * Fetches what the site lacks from the market data provider: the calendar first, then every planned code's missing
 * spans (codes with the same span together, as many per call as the provider takes), then names of new stocks.
 * Recorded in market_sync_runs (running → ok / partial / failed). A second run with nothing new asks for no bars.
 */
export async function runMarketSync(request: SyncRequest): Promise<SyncSummary> {
  const startedAt = new Date();
  const now = request.now ?? startedAt;
  const provider = request.provider !== undefined ? request.provider : marketDataProvider();
  const database = await db();
  const [row] = await database
    .insert(marketSyncRuns)
    .values({ provider: provider?.name ?? "none", trigger: request.trigger, startedAt })
    .returning({ id: marketSyncRuns.id });
  const runId = row?.id ?? null;
  const sync = provider ? new SyncSession(provider, request, database) : null;
  let message: string | null = provider ? null : NO_PROVIDER_MESSAGE;
  let plan: SyncPlan | null = null;
  if (sync) {
    try {
      plan = await sync.run(now);
    } catch (err) {
      if (!(err instanceof RunStopped)) {
        // a database error or a bug: the row must not stay "running" on /admin; the caller (a job) may retry
        const reason = `同步中断：${err instanceof Error ? err.message : String(err)}`;
        if (runId !== null) {
          await database
            .update(marketSyncRuns)
            .set({ status: "failed", finishedAt: new Date(), bars: sync.bars, calls: sync.calls, failures: sync.failures, message: reason })
            .where(eq(marketSyncRuns.id, runId));
        }
        throw err;
      }
      message = err.message;
    }
  }
  const summary: SyncSummary = {
    runId,
    provider: provider?.name ?? "none",
    status: statusOf(message, sync?.failures ?? [], sync?.planned ?? 0),
    codes: sync?.planned ?? 0,
    bars: sync?.bars ?? 0,
    calls: sync?.calls ?? 0,
    failures: sync?.failures ?? [],
    message,
    auditFacts: sync ? [...sync.auditFacts].sort() : [],
    startedAt,
    finishedAt: new Date(),
  };
  if (runId !== null) {
    await database
      .update(marketSyncRuns)
      .set({ status: summary.status, finishedAt: summary.finishedAt, codes: summary.codes, bars: summary.bars, calls: summary.calls, failures: summary.failures, message })
      .where(eq(marketSyncRuns.id, runId));
  }
  const log = { runId, trigger: request.trigger, provider: summary.provider, status: summary.status, codes: summary.codes, bars: summary.bars, calls: summary.calls, failures: summary.failures.length, skipped: plan?.skipped.length ?? 0 };
  if (summary.status === "ok") logger().info(log, "market sync finished");
  else logger().warn({ ...log, message, firstFailures: summary.failures.slice(0, 5) }, "market sync did not fetch everything");
  return summary;
}

function statusOf(message: string | null, failures: readonly SyncFailure[], planned: number): SyncSummary["status"] {
  if (message !== null) return "failed";
  if (failures.length === 0) return "ok";
  const failed = new Set(failures.map((f) => f.code).filter((c) => !c.startsWith("@")));
  // nothing to fetch and the calendar failed: nothing was synced
  return failed.size >= planned ? "failed" : "partial";
}

class SyncSession {
  readonly failures: SyncFailure[] = [];
  bars = 0;
  /** stock and index codes in the plan */
  planned = 0;
  private readonly callsBefore: number;
  private done = 0;
  private total = 1;
  /** codes that received bars in this run (names are looked up for those without one) */
  private readonly received = new Set<string>();
  /** the days this run stored bars for */
  private receivedSpan: DateSpan | null = null;
  /** codes whose suspensions or names were stored */
  readonly auditFacts = new Set<string>();

  constructor(
    private readonly provider: MarketDataProvider,
    private readonly request: SyncRequest,
    private readonly database: Database,
  ) {
    this.callsBefore = provider.calls;
  }

  get calls(): number {
    return this.provider.calls - this.callsBefore;
  }

  async run(now: Date): Promise<SyncPlan> {
    await this.syncCalendar(now);
    const calendar = await marketCalendar();
    const plan = await planMarketSync({ codes: this.request.codes, from: this.request.from, to: this.request.to, now }, calendar, this.database);
    const targets = plan.index ? [...plan.stocks, plan.index] : plan.stocks;
    this.planned = targets.length;
    this.total = 1 + targets.length;
    this.progress(CALENDAR_CODE);
    const fetched = await fetchedSpans(targets.map((t) => t.code), this.database);
    const batches = this.batchesOf(plan.stocks, fetched, calendar);
    const pending = new Map<string, number>();
    for (const batch of batches) for (const code of batch.codes) pending.set(code, (pending.get(code) ?? 0) + 1);
    for (const target of plan.stocks) if (!pending.has(target.code)) this.progress(target.code);
    const requests: BarRequest[] = batches.map((batch) => ({
      ...batch,
      ask: (signal) => this.provider.dailyBars(batch.codes, batch.span.from, batch.span.to, signal),
      done: () => {
        for (const code of batch.codes) {
          const left = (pending.get(code) ?? 1) - 1;
          pending.set(code, left);
          if (left === 0) this.progress(code);
        }
      },
    }));
    const index = plan.index;
    if (index) {
      const spans = missingSpans(fetched.get(index.code) ?? [], index.span, calendar);
      if (spans.length === 0) this.progress(index.code);
      spans.forEach((span, i) => requests.push({
        codes: [index.code], span,
        ask: (signal) => this.provider.indexBars(index.code, span.from, span.to, signal),
        done: () => (i === spans.length - 1 ? this.progress(index.code) : undefined),
      }));
    }
    await this.fetchAll(requests, calendar);
    await this.nameNewStocks();
    await this.storeAuditFacts();
    return plan;
  }

  /** The provider's calendar from 2015 to the end of this year, once: later runs ask only for days not yet final. */
  private async syncCalendar(now: Date): Promise<void> {
    const wanted = calendarSpan(now);
    const yesterday = shanghaiClock(new Date(now.getTime() - MS_PER_DAY)).day;
    const fetched = await fetchedSpans([CALENDAR_CODE], this.database);
    for (const span of missingSpans(fetched.get(CALENDAR_CODE) ?? [], wanted, EVERY_DAY)) {
      this.checkCancelled();
      let days: string[];
      try {
        days = await this.provider.tradingDays(span.from, span.to, this.request.signal);
      } catch (err) {
        this.fail([CALENDAR_CODE], err);
        continue;
      }
      // Days up to yesterday are final; later ones only as far as the provider answered (a calendar derived from
      // index bars knows no future day, Tushare's trade_cal knows the year's schedule).
      const lastAnswered = days.at(-1) ?? "";
      const settled = lastAnswered > yesterday ? lastAnswered : yesterday;
      const recorded = { from: span.from, to: settled < span.to ? settled : span.to };
      if (recorded.to < recorded.from) continue;
      await this.database.transaction(async (tx) => {
        await replaceTradingDays(recorded, days, this.provider.name, tx);
        await recordFetchedSpan([CALENDAR_CODE], recorded, this.provider.name, EVERY_DAY, tx);
      });
    }
  }

  /** Codes with the same missing span together, at most maxCodesPerCall per request. */
  private batchesOf(targets: readonly SyncTarget[], fetched: Map<string, DateSpan[]>, calendar: TradingCalendar): { codes: string[]; span: DateSpan }[] {
    const bySpan = new Map<string, { codes: string[]; span: DateSpan }>();
    for (const target of targets) {
      for (const span of missingSpans(fetched.get(target.code) ?? [], target.span, calendar)) {
        const key = `${span.from}|${span.to}`;
        const group = bySpan.get(key) ?? { codes: [], span };
        group.codes.push(target.code);
        bySpan.set(key, group);
      }
    }
    const size = Math.max(1, this.provider.maxCodesPerCall);
    return [...bySpan.values()].flatMap((group) => {
      const batches: { codes: string[]; span: DateSpan }[] = [];
      for (let i = 0; i < group.codes.length; i += size) batches.push({ codes: group.codes.slice(i, i + size), span: group.span });
      return batches;
    });
  }

  /**
   * The requests one after another, each answer stored (its bars and the span it covered together) while the next
   * request is already under way; a failed request gives each of its codes the provider's reason.
   */
  private async fetchAll(requests: readonly BarRequest[], calendar: TradingCalendar): Promise<void> {
    const ask = (request: BarRequest): Promise<Answer> => {
      if (this.request.signal?.aborted) return Promise.resolve({ error: new RunStopped(CANCELLED_MESSAGE) });
      const wanted = new Set(request.codes);
      return request.ask(this.request.signal).then(
        (bars) => ({ bars: bars.filter((b) => wanted.has(b.code) && b.date >= request.span.from && b.date <= request.span.to) }),
        (error: unknown) => ({ error }),
      );
    };
    let next = requests[0] ? ask(requests[0]) : null;
    for (let i = 0; i < requests.length; i++) {
      const request = requests[i]!;
      const answer = await next!;
      const following = requests[i + 1];
      next = following ? ask(following) : null;
      try {
        if ("error" in answer) this.fail(request.codes, answer.error);
        else await this.store(request, answer.bars, calendar);
      } catch (err) {
        await next; // never rejects: nothing is left running behind a stopped run
        throw err;
      }
      request.done();
    }
  }

  private async store(request: BarRequest, bars: DailyBar[], calendar: TradingCalendar): Promise<void> {
    await this.database.transaction(async (tx) => {
      await upsertBars(bars, { source: this.provider.name }, tx);
      await recordFetchedSpan(request.codes, request.span, this.provider.name, calendar, tx);
    });
    this.bars += bars.length;
    for (const bar of bars) this.received.add(bar.code);
    if (bars.length > 0 && /^\d{6}$/.test(request.codes[0]!)) {
      const span = this.receivedSpan;
      this.receivedSpan = { from: !span || request.span.from < span.from ? request.span.from : span.from, to: !span || request.span.to > span.to ? request.span.to : span.to };
    }
  }

  private fail(codes: readonly string[], err: unknown): void {
    if (err instanceof RunStopped) throw err;
    this.checkCancelled();
    // A bad token fails every call; a permission is per API (Tushare's index_daily wants more points than daily), so
    // the 沪深300 or the names may fail while the stocks sync.
    if (err instanceof MarketDataError && err.kind === "auth") throw new RunStopped(err.message);
    if (!(err instanceof MarketDataError)) logger().error({ err, codes: codes.slice(0, 10) }, "market sync request failed unexpectedly");
    const message = err instanceof Error ? err.message : String(err);
    for (const code of codes) this.failures.push({ code, message });
  }

  private checkCancelled(): void {
    if (this.request.signal?.aborted) throw new RunStopped(CANCELLED_MESSAGE);
  }

  /** Names of stocks that received bars and have none yet, from one list request per run. */
  private async nameNewStocks(): Promise<void> {
    const codes = [...this.received].filter((c) => /^\d{6}$/.test(c));
    if (codes.length === 0) return;
    const named = new Set((await this.database.select({ code: stocks.code }).from(stocks).where(inArray(stocks.code, codes))).map((r) => r.code));
    const unnamed = new Set(codes.filter((c) => !named.has(c)));
    if (unnamed.size === 0) return;
    this.checkCancelled();
    try {
      const listings = await this.provider.stockNames(this.request.signal);
      const entries = listings.filter((l) => unnamed.has(l.code)).map((l) => ({ code: l.code, exchange: l.exchange ?? exchangeOf(l.code), name: l.name }));
      await rememberStocks(entries, {}, this.database);
    } catch (err) {
      this.fail([NAMES_CODE], err);
    }
  }

  /**
   * What the 交割单体检 needs beyond bars, for the stocks that received some (docs/adr/0079): the days each was
   * suspended all day and its limit prices over the days fetched, and its history of names. What a provider does not
   * tell is not stored.
   */
  private async storeAuditFacts(): Promise<void> {
    const codes = [...this.received].filter((c) => /^\d{6}$/.test(c)).sort();
    const span = this.receivedSpan;
    if (codes.length === 0 || !span) return;
    this.checkCancelled();
    try {
      const { told, days } = await this.provider.suspensions(codes, span.from, span.to, this.request.signal);
      if (told) {
        for (const code of await replaceSuspensions(codes, span, days, this.provider.name, this.database)) this.auditFacts.add(code);
      }
    } catch (err) {
      this.fail([SUSPENSIONS_CODE], err);
    }
    this.checkCancelled();
    try {
      const { told, days } = await this.provider.limitPrices(codes, span.from, span.to, this.request.signal);
      if (told) for (const code of await replaceLimitPrices(codes, span, days, this.provider.name, this.database)) this.auditFacts.add(code);
    } catch (err) {
      this.fail([LIMIT_PRICES_CODE], err);
    }
    this.checkCancelled();
    try {
      const wanted = new Set(codes);
      const spans = (await this.provider.nameHistory(this.request.signal)).filter((s) => wanted.has(s.code));
      for (const code of await replaceNameHistory(spans, this.provider.name, this.database)) this.auditFacts.add(code);
    } catch (err) {
      this.fail([NAME_HISTORY_CODE], err);
    }
  }

  private progress(current: string): void {
    this.done = Math.min(this.total, this.done + 1);
    this.request.onProgress?.({ done: this.done, total: this.total, current });
  }
}
