/**
 * Client error reporting of SPEC §8: each error is POSTed once (category + first 100 characters) to
 * /api/Logs/Insert with fetch keepalive; failures of the report itself are only console.warn-ed.
 *
 * Skipped on the development host, decided ONLY by config.isDevelopment (not by location.hostname), so e2e runs
 * against localhost with a production config still exercise reporting. Reports made before installErrorReporter
 * (e.g. an error boundary during the first render) wait in a short queue and are sent or dropped at install.
 */
import {
  buildReportBody, EMPTY_DEDUPE, errorKey, isLogEndpointFailure, isNetworkError, LOG_INSERT_PATH, normaliseAppError,
  rememberError, type ErrorCategory, type ErrorReportBody,
} from "@/lib/domain/error-report";

export type { ErrorCategory } from "@/lib/domain/error-report";

export interface ErrorReporterConfig {
  isDevelopment: boolean;
}

export type ReportFetch = (url: string, init: RequestInit) => Promise<{ ok: boolean; status: number }>;

export interface ErrorReporterDeps {
  fetch?: ReportFetch;
}

type Report = { category: ErrorCategory; error: unknown; context: Record<string, unknown> };

const EARLY_QUEUE_MAX = 10;
const IGNORED_RESOURCE_AREA = ".avatar-dropdown";

let transport: ReportFetch | null = null;
let dedupe = EMPTY_DEDUPE;
let earlyReports: Report[] = [];

/** Attaches the window listeners (capture phase, so resource load errors are seen too); returns the uninstaller. */
export function installErrorReporter(config: ErrorReporterConfig, deps: ErrorReporterDeps = {}): () => void {
  const queued = earlyReports;
  earlyReports = [];
  if (config.isDevelopment) return () => {};

  const send = deps.fetch ?? ((url, init) => fetch(url, init));
  transport = send;
  for (const report of queued) reportError(report.category, report.error, report.context);

  const onError = (event: Event) => handleWindowError(event);
  const onRejection = (event: Event) => handleRejection(event as PromiseRejectionEvent);
  window.addEventListener("error", onError, true);
  window.addEventListener("unhandledrejection", onRejection);
  return () => {
    window.removeEventListener("error", onError, true);
    window.removeEventListener("unhandledrejection", onRejection);
    if (transport === send) transport = null;
  };
}

/** Reports an error once per category and text. */
export function reportError(category: ErrorCategory, error: unknown, context: Record<string, unknown> = {}): void {
  if (!transport) {
    if (earlyReports.length < EARLY_QUEUE_MAX) earlyReports.push({ category, error, context });
    return;
  }
  const { text, stack } = describeError(error);
  const remembered = rememberError(dedupe, errorKey(category, text));
  dedupe = remembered.state;
  if (!remembered.isNew) return;

  const statusCode = statusOf(error);
  const classified = isNetworkError({ message: text, statusCode })
    ? { ...context, normalised: normaliseAppError({ message: text, statusCode }) }
    : context;
  post(transport, buildReportBody({ category, text, stack, context: classified, requestUrl: window.location.href }));
}

/** For React error boundaries around components. */
export function reportComponentError(error: unknown, componentStack?: string | null): void {
  reportError("ComponentError", error, componentStack ? { componentStack } : {});
}

/** For the error page: the error the visitor is shown, with its status and path. */
export function reportPageError(page: { statusCode: number; path: string; message: string }): void {
  reportError("AppError", page.message, { statusCode: page.statusCode, path: page.path });
}

function handleWindowError(event: Event): void {
  const target = event.target;
  if (target instanceof Element) {
    if (target.closest(IGNORED_RESOURCE_AREA)) return;
    const url = resourceUrl(target);
    reportError("ResourceError", `Failed to load ${target.tagName.toLowerCase()}: ${url}`, { tagName: target.tagName, url });
    return;
  }
  const errorEvent = event as ErrorEvent;
  reportError("ScriptError", errorEvent.error ?? errorEvent.message, {
    filename: errorEvent.filename, lineno: errorEvent.lineno, colno: errorEvent.colno,
  });
}

function handleRejection(event: PromiseRejectionEvent): void {
  // Swallowed: the browser would only print it; it has been reported here.
  event.preventDefault();
  const { text, stack } = describeError(event.reason);
  if (isLogEndpointFailure(`${text}\n${stack}`)) return;
  reportError("UnhandledRejection", event.reason);
}

function post(send: ReportFetch, body: ErrorReportBody): void {
  try {
    send(LOG_INSERT_PATH, {
      method: "POST", keepalive: true, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    }).then(
      (response) => {
        if (!response.ok) console.warn(`Error report rejected with status ${response.status}`);
      },
      (error: unknown) => console.warn("Error report failed", error),
    );
  } catch (error) {
    console.warn("Error report failed", error);
  }
}

function describeError(error: unknown): { text: string; stack: string } {
  if (error instanceof Error) return { text: error.message || error.name, stack: error.stack ?? "" };
  if (typeof error === "string") return { text: error, stack: "" };
  if (typeof error === "object" && error !== null) {
    const { message, stack } = error as { message?: unknown; stack?: unknown };
    if (typeof message === "string") return { text: message, stack: typeof stack === "string" ? stack : "" };
    try {
      return { text: JSON.stringify(error), stack: "" };
    } catch {
      return { text: String(error), stack: "" };
    }
  }
  return { text: String(error), stack: "" };
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  if (typeof statusCode === "number") return statusCode;
  return typeof status === "number" ? status : undefined;
}

function resourceUrl(element: Element): string {
  return element.getAttribute("src") ?? element.getAttribute("href") ?? (element as HTMLImageElement).currentSrc ?? "";
}
