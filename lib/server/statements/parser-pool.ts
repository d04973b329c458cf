import "server-only";
import fs from "node:fs";
import path from "node:path";
import { MessageChannel } from "node:worker_threads";
import { Piscina } from "piscina";
import { config } from "@/lib/config";
import type { StatementPreview } from "@/lib/domain/statements/preview";
import { StatementRejected, type ImportReport } from "@/lib/domain/statements/types";
import { AppError } from "@/lib/server/http/app-error";
import { logger } from "@/lib/server/logger";
import { outsideRequest } from "@/lib/server/startup-context";
import type { MarketAnswer, MarketData, ParseJob, ParseKind, ParseResult, ThreadMessage } from "./parser-task";

/**
 * Statements are read in a pool of worker threads (ADR 0026): a 17 MB file keeps a thread busy for a second or more,
 * and on the server's own thread four of them at once held every other request, /api/health included, for 6 s.
 *
 * - at most `threads` files are read at once; up to `queue` more wait their turn; beyond that the pool refuses at once
 *   (ParserBusy: 503 with Retry-After);
 * - a file may take `timeLimitMs` from the moment a thread starts on it: then the thread is terminated and the file is
 *   refused as too complex (StatementRejected "timeout");
 * - a thread's heap is limited to `memoryMb`: a file that needs more ends its thread the same way ("out_of_memory");
 * - a caller's AbortSignal (the request gone) takes the file out of the queue, or ends its thread.
 * Threads start when needed (0.2–1.4 s with the host's load; the TypeScript comes from tsx's cache) and end after `idleTimeoutMs`
 * without work.
 */
export interface ParserLimits {
  threads: number;
  queue: number;
  timeLimitMs: number;
  memoryMb: number;
  idleTimeoutMs: number;
}

/** Threads end after this long without work (a member's preview and the save that follows it share one). */
export const PARSER_IDLE_TIMEOUT_MS = 120_000;

/** Every thread is busy and the queue is full: try again later (503). */
/** Every parser thread is busy and the queue is full: a 503 with Retry-After wherever it is thrown. */
export class ParserBusy extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super("unavailable", `正在读取的交割单较多，请 ${retryAfterSeconds} 秒后重试`, { "Retry-After": String(retryAfterSeconds) });
    this.name = "ParserBusy";
  }
}

export interface ParseOptions {
  /** aborts the parse: out of the queue, or the thread is terminated */
  signal?: AbortSignal;
  /**
   * The caller is done with `bytes`: their memory moves to the thread instead of being copied (for a 17 MB file the
   * copy costs this thread ~0.1 s). `bytes` is empty afterwards.
   */
  handOver?: boolean;
}

const WORKER_FILE = "lib/server/statements/parser-worker.mjs";
const READER_GRACE_MS = 1_000;
const THREAD_YOUNG_GENERATION_MB = 192;

export class StatementParserPool {
  private pool: Piscina<ParseJob, ParseResult> | null = null;
  private inFlight = 0;
  /** pools being destroyed: their files end with "Terminating worker thread", which is no failure of the parser */
  private readonly closing = new Set<Piscina<ParseJob, ParseResult>>();

  constructor(
    readonly limits: ParserLimits,
    /** the thread entry; the project's own unless a test gives another */
    private readonly workerFile: string = path.resolve(process.cwd(), WORKER_FILE),
  ) {}

  /** Files being read or waiting. */
  get pending(): number {
    return this.inFlight;
  }

  /** Threads alive (busy or idle). */
  get threads(): number {
    return this.pool?.threads.length ?? 0;
  }

  /**
   * The refusal a file sent now would get (every thread busy, the queue full), or null. Route handlers ask before they
   * read an upload's body; the pool asks again when the file comes.
   */
  refusal(fileName?: string, bytes?: number): ParserBusy | null {
    if (this.inFlight < this.limits.threads + this.limits.queue) return null;
    logger().warn({ file: fileName, bytes, pending: this.inFlight, threads: this.limits.threads, queue: this.limits.queue }, "statement parser busy: file refused");
    // a thread frees up within one time limit at the latest
    return new ParserBusy(Math.max(1, Math.ceil(this.limits.timeLimitMs / 1000)));
  }

  /** Reads a statement into its import report. Throws StatementRejected (the file) or ParserBusy. */
  async read(bytes: Uint8Array, fileName: string, opts: ParseOptions = {}): Promise<ImportReport> {
    const result = await this.run("read", bytes, fileName, null, opts);
    if (result.kind !== "read") throw new Error(`statement parser answered ${result.kind} to read`);
    return result.report;
  }

  /** Reads and analyses a statement for the upload preview; `market` answers the thread's request for bars. */
  async preview(bytes: Uint8Array, fileName: string, market: (codes: string[]) => Promise<MarketData>, opts: ParseOptions = {}): Promise<StatementPreview> {
    const result = await this.run("preview", bytes, fileName, market, opts);
    if (result.kind !== "preview") throw new Error(`statement parser answered ${result.kind} to preview`);
    return result.preview;
  }

  /** Ends every thread; files being read or waiting are refused. The pool starts again if used afterwards. */
  async destroy(): Promise<void> {
    const pool = this.pool;
    if (!pool) return;
    this.pool = null;
    this.closing.add(pool);
    try {
      await pool.destroy();
    } finally {
      this.closing.delete(pool);
    }
  }

  private async run(
    kind: ParseKind,
    bytes: Uint8Array,
    fileName: string,
    market: ((codes: string[]) => Promise<MarketData>) | null,
    opts: ParseOptions,
  ): Promise<Extract<ParseResult, { ok: true }>> {
    const busy = this.refusal(fileName, bytes.byteLength);
    if (busy) throw busy;
    opts.signal?.throwIfAborted();
    this.inFlight += 1;
    try {
      // The pool, its threads, ports and timers outlive this request: made in the start-up context (ADR 0020).
      return await outsideRequest(() => this.execute(kind, bytes, fileName, market, opts));
    } finally {
      this.inFlight -= 1;
    }
  }

  private timeoutMessage(): string {
    return `文件过大或过于复杂，${Math.round(this.limits.timeLimitMs / 1000)} 秒内未能读完，已停止。请缩短导出的时间范围后重试。`;
  }

  private piscina(): Piscina<ParseJob, ParseResult> {
    if (!this.pool && !fs.existsSync(this.workerFile)) {
      // `next start`, the CLI and the tests run from the project directory, where the thread's entry and the parser are
      throw new Error(`statement parser: no thread entry at ${this.workerFile} (run the server from the project directory)`);
    }
    this.pool ??= new Piscina<ParseJob, ParseResult>({
      filename: this.workerFile,
      minThreads: 0,
      maxThreads: this.limits.threads,
      idleTimeout: this.limits.idleTimeoutMs,
      // The server's flags are not for the threads; resourceLimits set their heap. The young generation is the
      // server's (3 × its 64 MB semi-space, ADR 0021): reading and analysing a 17 MB file took 13% less CPU than with
      // V8's default for a thread.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: this.limits.memoryMb, maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB },
    });
    return this.pool;
  }

  private async execute(
    kind: ParseKind,
    bytes: Uint8Array,
    fileName: string,
    market: ((codes: string[]) => Promise<MarketData>) | null,
    { signal: callerSignal, handOver = false }: ParseOptions,
  ): Promise<Extract<ParseResult, { ok: true }>> {
    const queuedAt = performance.now();
    const size = bytes.byteLength;
    const { port1, port2 } = new MessageChannel();
    const stop = new AbortController();
    let startedAt: number | null = null;
    let threadId: number | null = null;
    let timedOut = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onCallerAbort = () => stop.abort(callerSignal?.reason);
    callerSignal?.addEventListener("abort", onCallerAbort, { once: true });
    port1.on("message", (message: ThreadMessage) => {
      if (message.type === "started") {
        startedAt = performance.now();
        threadId = message.threadId;
        timer = setTimeout(() => {
          timedOut = true;
          stop.abort(new Error(`time limit of ${this.limits.timeLimitMs} ms`));
        }, this.limits.timeLimitMs);
      } else if (message.type === "market" && market) {
        market(message.codes).then(
          (data) => port1.postMessage({ ok: true, market: data } satisfies MarketAnswer),
          (err: unknown) => port1.postMessage({ ok: false, error: (err as Error).message } satisfies MarketAnswer),
        );
      }
    });
    const context = () => ({
      file: fileName,
      bytes: size,
      kind,
      threadId,
      waitedMs: Math.round((startedAt ?? performance.now()) - queuedAt),
      parseMs: startedAt === null ? null : Math.round(performance.now() - startedAt),
    });
    const pool = this.piscina();
    try {
      const whole = ownBuffer(bytes);
      // The reader's own check (between rows) is set past the pool's limit: the thread's termination decides, and the
      // check only answers when this thread was too busy to stop it in time.
      const job: ParseJob = { kind, bytes: whole, fileName, timeLimitMs: this.limits.timeLimitMs + READER_GRACE_MS, port: port2 };
      const moved = handOver && whole === bytes && Object.prototype.toString.call(whole.buffer) === "[object ArrayBuffer]" ? [whole.buffer as ArrayBuffer] : [];
      const result = await pool.run(job, { transferList: [port2, ...moved], signal: stop.signal });
      if (!result.ok) {
        const { code, detail } = result.rejected;
        logger().debug({ ...context(), code, detail }, "statement rejected by the parser");
        // the reader's own check of (nearly) the same limit: the same words as the pool's
        throw new StatementRejected(code, code === "timeout" ? this.timeoutMessage() : result.rejected.message, detail);
      }
      logger().debug(context(), "statement parsed in a worker thread");
      return result;
    } catch (err) {
      if (err instanceof StatementRejected) throw err;
      if (timedOut) {
        logger().warn({ ...context(), timeLimitMs: this.limits.timeLimitMs }, "statement parse over its time limit: thread terminated");
        throw new StatementRejected(
          "timeout",
          this.timeoutMessage(),
          `parsing ${fileName} exceeded ${this.limits.timeLimitMs} ms in worker thread ${threadId}; the thread was terminated`,
        );
      }
      if ((err as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY") {
        logger().warn({ ...context(), memoryMb: this.limits.memoryMb }, "statement parse over its memory limit: thread ended");
        throw new StatementRejected(
          "out_of_memory",
          "文件过大或过于复杂，读取所需的内存超过上限，已停止。请缩短导出的时间范围后重试。",
          `parsing ${fileName} needed more than ${this.limits.memoryMb} MB of heap in worker thread ${threadId}; the thread ended`,
        );
      }
      if (callerSignal?.aborted) {
        logger().info(context(), "statement parse abandoned by its caller");
        throw callerSignal.reason ?? err;
      }
      if (this.closing.has(pool) || this.pool !== pool) {
        logger().info(context(), "statement parse stopped: the parser is closing");
        throw new Error(`statement parser closed while reading ${fileName}`, { cause: err });
      }
      logger().error({ ...context(), err }, "statement parser failed");
      throw err;
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener("abort", onCallerAbort);
      port1.close();
    }
  }
}

/** What a view's buffer may hold besides the view and still travel whole: an upload's multipart headers and text fields. */
const VIEW_SLACK = 128 * 1024;

/**
 * A view travels with its whole buffer (copied, or moved when handed over): a file read out of its multipart body
 * (lib/domain/multipart.ts) goes as is, a view over a much larger buffer (a pooled Buffer) is copied out alone.
 */
function ownBuffer(bytes: Uint8Array): Uint8Array {
  return bytes.buffer.byteLength - bytes.byteLength <= VIEW_SLACK ? bytes : bytes.slice();
}

export function parserLimits(): ParserLimits {
  const { statementParsing } = config();
  return { ...statementParsing, idleTimeoutMs: PARSER_IDLE_TIMEOUT_MS };
}

// One pool per process, also across the separate bundles Next builds (routes, instrumentation): on globalThis.
const KEY = Symbol.for("lianghua.statementParser");
const holder = globalThis as typeof globalThis & { [KEY]?: StatementParserPool };

/** The process's statement parser, with the limits of lib/config.ts. */
export function statementParser(): StatementParserPool {
  holder[KEY] ??= new StatementParserPool(parserLimits());
  return holder[KEY];
}

/** Ends the parser's threads (graceful shutdown, after the last request; the CLI when a command is done). */
export async function closeStatementParser(): Promise<void> {
  const pool = holder[KEY];
  delete holder[KEY];
  await pool?.destroy();
}
