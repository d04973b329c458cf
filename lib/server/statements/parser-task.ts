/**
 * What a thread of the statement parser's pool runs (entry parser-worker.mjs, pool parser-pool.ts, ADR 0026). Plain
 * Node.js loads this file through tsx, without the react-server condition, so nothing here may import `server-only`
 * or anything that does: the reader and the analysis are lib/domain and need nothing else. Everything that crosses
 * the thread boundary is plain data (structured clone); a rejected file comes back as data, because an Error loses
 * its class and fields on the way.
 */
import { threadId, type MessagePort } from "node:worker_threads";
import { createCalendar } from "@/lib/domain/market/calendar";
import type { DailyBar } from "@/lib/domain/market/types";
import { analyzeStatement } from "@/lib/domain/statements/analysis";
import { readStatement } from "@/lib/domain/statements/import";
import { statementPreview, type StatementPreview } from "@/lib/domain/statements/preview";
import { StatementRejected, type ImportReport } from "@/lib/domain/statements/types";

/** What the preview's analysis needs from the database; the pool's thread asks for it once the codes are known. */
export interface MarketData {
  /** the days with bars (the exchange calendar, lib/server/market/calendar.ts) */
  tradingDays: readonly string[];
  /** daily bars by code, as `barsByCode` gives them */
  bars: Map<string, DailyBar[]>;
}

/** "read": the import report, for storing; "preview": the file read and analysed, nothing stored. */
export type ParseKind = "read" | "preview";

export interface ParseJob {
  kind: ParseKind;
  bytes: Uint8Array;
  fileName: string;
  /** the reader's own time limit (checked between rows): just past the pool's, which terminates the thread */
  timeLimitMs: number;
  /** the job's own channel to the pool: "started" first, then (preview) the request for market data */
  port: MessagePort;
}

/** thread → pool, on the job's port */
export type ThreadMessage = { type: "started"; threadId: number } | { type: "market"; codes: string[] };
/** pool → thread, the answer to "market" */
export type MarketAnswer = { ok: true; market: MarketData } | { ok: false; error: string };

export type ParseResult =
  | { ok: true; kind: "read"; report: ImportReport }
  | { ok: true; kind: "preview"; preview: StatementPreview }
  | { ok: false; rejected: { code: StatementRejected["code"]; message: string; detail: string } };

export default async function runParseJob(job: ParseJob): Promise<ParseResult> {
  const { port } = job;
  try {
    port.postMessage({ type: "started", threadId } satisfies ThreadMessage);
    const report = readStatement(job.bytes, job.fileName, { timeLimitMs: job.timeLimitMs });
    if (job.kind === "read") return { ok: true, kind: "read", report };
    const market = await askForMarket(port, [...new Set(report.fills.map((f) => f.code))]);
    const analysis = analyzeStatement(report, { calendar: createCalendar(market.tradingDays), bars: (code) => market.bars.get(code) });
    return { ok: true, kind: "preview", preview: statementPreview(job.fileName, report, analysis) };
  } catch (err) {
    if (err instanceof StatementRejected) return { ok: false, rejected: { code: err.code, message: err.message, detail: err.detail } };
    throw err;
  } finally {
    port.close();
  }
}

function askForMarket(port: MessagePort, codes: string[]): Promise<MarketData> {
  return new Promise((resolve, reject) => {
    port.once("message", (answer: MarketAnswer) => (answer.ok ? resolve(answer.market) : reject(new Error(`market data for the preview: ${answer.error}`))));
    port.postMessage({ type: "market", codes } satisfies ThreadMessage);
  });
}
