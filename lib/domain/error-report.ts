/**
 * Client error reporting rules of SPEC §8, pure: categories, the duplicate set, network-error classification and
 * the POST body for /api/Logs/Insert.
 */
import { ERROR_DEDUP_MAX, ERROR_KEY_LENGTH } from "./constants";

/** Machine labels sent as InnerException. */
export const ERROR_CATEGORIES = ["ComponentError", "AppError", "UnhandledRejection", "ResourceError", "ScriptError"] as const;
export type ErrorCategory = (typeof ERROR_CATEGORIES)[number];

export const LOG_INSERT_PATH = "/api/Logs/Insert";
export const FRONTEND_FAILURE_MESSAGE = "前端处理失败";

export interface ErrorReportBody {
  Exception: string;
  InnerException: ErrorCategory;
  requestUrl: string;
}

export interface DedupeState {
  /** Oldest first; at most ERROR_DEDUP_MAX keys. */
  keys: readonly string[];
}

export const EMPTY_DEDUPE: DedupeState = { keys: [] };

export function errorKey(category: ErrorCategory, text: string): string {
  return `${category}:${text.slice(0, ERROR_KEY_LENGTH)}`;
}

/** Records a key; `isNew` is false for a repeat. The set keeps the newest ERROR_DEDUP_MAX keys. */
export function rememberError(state: DedupeState, key: string): { state: DedupeState; isNew: boolean } {
  if (state.keys.includes(key)) return { state, isNew: false };
  const keys = [...state.keys, key];
  return { state: { keys: keys.slice(Math.max(0, keys.length - ERROR_DEDUP_MAX)) }, isNew: true };
}

const NETWORK_MESSAGE = /fetch|network|\bapi\b|time[d ]?\s?out|failed to load|load failed|loading (?:css )?chunk/i;

/** SPEC §8: a message about fetch, network, api, timeout or a load failure, or a status of 500 and above. */
export function isNetworkError(error: { message?: string; statusCode?: number }): boolean {
  if (typeof error.statusCode === "number" && error.statusCode >= 500) return true;
  return NETWORK_MESSAGE.test(error.message ?? "");
}

export interface AppErrorView {
  statusCode: number;
  message: string;
}

/** Network errors are raised as status 500 with 前端处理失败; other errors keep their own status and message. */
export function normaliseAppError(error: { message?: string; statusCode?: number }): AppErrorView {
  if (isNetworkError(error)) return { statusCode: 500, message: FRONTEND_FAILURE_MESSAGE };
  return { statusCode: error.statusCode ?? 500, message: error.message ?? "" };
}

const CHUNK_LOAD_MESSAGE = /Loading chunk|ChunkLoadError|Failed to fetch dynamically imported module/i;

/** A script chunk of an older build could not be loaded (typically after a deploy). */
export function isChunkLoadError(message: string): boolean {
  return CHUNK_LOAD_MESSAGE.test(message);
}

/** A rejection raised by the log endpoint itself: reporting it would loop. */
export function isLogEndpointFailure(text: string): boolean {
  return text.toLowerCase().includes(LOG_INSERT_PATH.toLowerCase());
}

/** The server accepts at most this much; long stacks and contexts are cut at the end. */
export const MAX_EXCEPTION_LENGTH = 8000;

export function buildReportBody(input: {
  category: ErrorCategory;
  text: string;
  stack: string;
  context: Record<string, unknown>;
  requestUrl: string;
}): ErrorReportBody {
  const exception = `${input.text}\n${input.stack}\n${safeJson(input.context)}`;
  return { Exception: exception.slice(0, MAX_EXCEPTION_LENGTH), InnerException: input.category, requestUrl: input.requestUrl };
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return "[unserialisable context]";
  }
}
