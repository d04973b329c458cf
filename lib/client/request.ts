/**
 * The shared request layer of SPEC §7: a random host per request, the user info and bearer token as headers,
 * optional success message (headers showMessage/message, then a toast), optional progress bar, multipart
 * conversion, and the failure toasts of SPEC §8. Resolves with the parsed response body only.
 */
import { containsBlob, toFormData, type Payload } from "./multipart";
import { requestProgress, type ProgressHooks } from "./progress-counter";
import { notify as showToast, type NotifyOptions } from "./toast";

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | QueryValue[]>;

export interface RequestOptions {
  /** true: toast the body's info.name; a string: send it as the message header and toast it. */
  showMessage?: string | boolean;
  /** Drive the global progress bar while this request is pending. */
  progress?: boolean;
  signal?: AbortSignal;
  /** No failure toasts: for background calls whose failures the caller ignores. */
  silent?: boolean;
  /** fetch's cache mode, e.g. "no-store" for a poll. */
  cache?: RequestCache;
}

export interface ResponseLike {
  ok: boolean;
  status: number;
  text(): Promise<string>;
  /** Read instead of text() by submissions when present (a fetch Response has both). */
  json?(): Promise<unknown>;
}

export type FetchLike = (url: string, init: RequestInit) => Promise<ResponseLike>;

export interface RequestDeps {
  fetch?: FetchLike;
  /** Returns a number in [0, 1); picks the host. */
  random?: () => number;
  notify?: (options: NotifyOptions) => unknown;
  progress?: ProgressHooks;
  /** The stored user info JSON, sent URL-encoded as the `token` header. */
  readUserInfo?: () => string | null | undefined | Promise<string | null | undefined>;
  readToken?: () => string | null | Promise<string | null>;
}

export interface RequestConfig {
  /** Hosts such as https://api1.example.com; empty means same origin (relative URLs). */
  apiHosts: string[];
}

export interface Requester {
  get<T = unknown>(path: string, params?: QueryParams, options?: RequestOptions): Promise<T>;
  post<T = unknown>(path: string, data?: unknown, options?: RequestOptions): Promise<T>;
  postForm<T = unknown>(path: string, data: FormData | Payload, options?: RequestOptions): Promise<T>;
  /** A same-origin form submission (JSON or multipart) read into a SubmitResult; never throws, never toasts. */
  submit(path: string, data: unknown, options?: SubmitOptions): Promise<SubmitResult>;
}

/** The answer to a form submission: the caller shows `message` beside the form. */
export interface SubmitResult {
  ok: boolean;
  /** The HTTP status, or 0 when no answer arrived. */
  status: number;
  /** The server's Chinese `message`, or ours when it sent none or could not be reached; "" on a silent success. */
  message: string;
  /** The answer's fields, with those of its `data` object lifted beside them. */
  body: Record<string, unknown>;
}

export interface SubmitOptions {
  /** The message for a refusal whose body names none (e.g. an upload's own word for 413). */
  fallback?: (status: number) => string;
  signal?: AbortSignal;
}

/** A failed request. `status` is the HTTP status, or 0 when no response arrived. */
export class RequestError extends Error {
  readonly status: number;

  constructor(message: string, status: number, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "RequestError";
    this.status = status;
  }
}

export const SETUP_FAILURE_MESSAGE = "请稍后再试";

export function failureMessage(status: number): string {
  if (status === 404) return "请求地址不存在";
  if (status === 500) return "服务器内部错误";
  return "网络异常";
}

export const NETWORK_RETRY_MESSAGE = "网络异常，请稍后再试";

/** A form's words for a refusal without a message of its own. */
export function submitFailureMessage(status: number): string {
  if (status === 404) return "请求地址不存在";
  if (status >= 500) return "服务器内部错误，请稍后再试";
  return NETWORK_RETRY_MESSAGE;
}

interface PreparedRequest {
  url: string;
  init: RequestInit;
}

/**
 * The cookie readers behind the token headers, fetched with the first SPEC API call: the forms' same-origin `submit`
 * never needs them, so cookies-next is not part of every form page's first load (ADR 0062).
 */
const storedCredentials = () => import("./stored-credentials");

export function createRequest(config: RequestConfig, deps: RequestDeps = {}): Requester {
  const fetchImpl: FetchLike = deps.fetch ?? ((url, init) => fetch(url, init));
  const random = deps.random ?? Math.random;
  const notify = deps.notify ?? showToast;
  const progress = deps.progress ?? requestProgress;
  const readUserInfo = deps.readUserInfo ?? (async () => (await storedCredentials()).readUserInfoCookie());
  const readToken = deps.readToken ?? (async () => (await storedCredentials()).readStoredToken());

  async function prepare(method: "GET" | "POST", path: string, params: QueryParams | undefined, body: () => BodyInit | undefined,
    options: RequestOptions): Promise<PreparedRequest> {
    const payload = body();
    const headers: Record<string, string> = { Accept: "application/json" };
    if (typeof payload === "string") headers["Content-Type"] = "application/json";
    const userInfo = await readUserInfo();
    if (userInfo) headers.token = encodeURIComponent(userInfo);
    const token = await readToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (options.showMessage) {
      headers.showMessage = "1";
      if (typeof options.showMessage === "string") headers.message = encodeURIComponent(options.showMessage);
    }
    assertValidHeaders(headers);
    const host = config.apiHosts.length ? config.apiHosts[Math.floor(random() * config.apiHosts.length)] : undefined;
    return {
      url: buildUrl(host, path, params),
      init: { method, headers, body: payload, signal: options.signal, credentials: "include", ...(options.cache ? { cache: options.cache } : {}) },
    };
  }

  function fail(status: number, options: RequestOptions, cause?: unknown): never {
    const message = failureMessage(status);
    if (!options.silent) notify({ type: "error", message });
    throw new RequestError(message, status, { cause });
  }

  async function send<T>(method: "GET" | "POST", path: string, params: QueryParams | undefined,
    body: () => BodyInit | undefined, options: RequestOptions = {}): Promise<T> {
    let prepared: PreparedRequest;
    try {
      prepared = await prepare(method, path, params, body, options);
    } catch (cause) {
      if (!options.silent) notify({ type: "warning", message: SETUP_FAILURE_MESSAGE });
      throw new RequestError(SETUP_FAILURE_MESSAGE, 0, { cause });
    }

    if (options.progress) progress.start();
    try {
      let response: ResponseLike;
      let body: unknown;
      try {
        response = await fetchImpl(prepared.url, prepared.init);
        if (!response.ok) return fail(response.status, options);
        body = await readBody(response);
      } catch (cause) {
        if (cause instanceof RequestError || isAbort(cause, options.signal)) throw cause;
        return fail(0, options, cause);
      }
      if (options.showMessage) toastResult(body, response.status, options.showMessage);
      return body as T;
    } finally {
      if (options.progress) progress.done();
    }
  }

  function toastResult(body: unknown, httpStatus: number, showMessage: string | true): void {
    const message = typeof showMessage === "string" ? showMessage : infoName(body);
    if (!message) return;
    notify({ type: resultStatus(body, httpStatus) === 200 ? "success" : "error", message });
  }

  /** Same origin, cookie session: the configured API hosts and the token headers are for the SPEC's API calls. */
  async function submit(path: string, data: unknown, options: SubmitOptions = {}): Promise<SubmitResult> {
    const payload = toBody(data);
    const headers: Record<string, string> = { Accept: "application/json" };
    if (typeof payload === "string") headers["Content-Type"] = "application/json";
    let response: ResponseLike;
    try {
      response = await fetchImpl(path, { method: "POST", credentials: "same-origin", headers, body: payload, signal: options.signal });
    } catch {
      return { ok: false, status: 0, message: NETWORK_RETRY_MESSAGE, body: {} };
    }
    const body = await readRecord(response);
    const nested = isRecord(body.data) ? body.data : {};
    const serverMessage = [body.message, nested.message].find((m): m is string => typeof m === "string" && m.trim() !== "");
    const fallback = options.fallback ?? submitFailureMessage;
    return {
      ok: response.ok,
      status: response.status,
      message: serverMessage ?? (response.ok ? "" : fallback(response.status)),
      body: { ...nested, ...body },
    };
  }

  return {
    get: (path, params, options) => send("GET", path, params, () => undefined, options),
    post: (path, data, options) => send("POST", path, undefined, () => toBody(data), options),
    postForm: (path, data, options) => send("POST", path, undefined, () => toFormData(data), options),
    submit,
  };
}

/** The same-origin client of the site's own pages and forms. */
export const request: Requester = createRequest({ apiHosts: [] });

/** POSTs JSON (or multipart when it carries files) and reads the answer; never throws (status 0: no answer). */
export function submitJson(path: string, data: unknown, options?: SubmitOptions): Promise<SubmitResult> {
  return request.submit(path, data, options);
}

/** POSTs form data (a file upload) and reads the answer like submitJson. */
export function submitForm(path: string, form: FormData | Payload, options?: SubmitOptions): Promise<SubmitResult> {
  return request.submit(path, toFormData(form), options);
}

/** The text parsed when it can be read as text (a body that is not JSON stays a string), else the JSON. */
async function readBody(response: ResponseLike): Promise<unknown> {
  if (typeof response.text !== "function" && response.json) return response.json();
  return parseBody(await response.text());
}

async function readRecord(response: ResponseLike): Promise<Record<string, unknown>> {
  try {
    const parsed = response.json ? await response.json() : parseBody(await response.text());
    return isRecord(parsed) ? parsed : {};
  } catch {
    // Not JSON (a proxy's error page): the fallback message speaks instead.
    return {};
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function toBody(data: unknown): BodyInit | undefined {
  if (data === undefined) return undefined;
  if (data instanceof FormData || data instanceof URLSearchParams || data instanceof Blob) return data;
  if (containsBlob(data)) return toFormData(data as Payload);
  return JSON.stringify(data);
}

function buildUrl(host: string | undefined, path: string, params: QueryParams | undefined): string {
  const query = toQueryString(params);
  const pathWithQuery = query ? `${path}${path.includes("?") ? "&" : "?"}${query}` : path;
  if (/^https?:\/\//i.test(path)) return new URL(pathWithQuery).toString();
  const rooted = pathWithQuery.startsWith("/") ? pathWithQuery : `/${pathWithQuery}`;
  if (!host) return rooted;
  const absolute = `${host.replace(/\/+$/, "")}${rooted}`;
  new URL(absolute); // throws for a malformed host: a setup failure
  return absolute;
}

function toQueryString(params: QueryParams | undefined): string {
  if (!params) return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== null && item !== undefined) search.append(key, String(item));
    }
  }
  return search.toString();
}

/** Header values must be Latin-1; catching it here makes it a setup failure rather than a network failure. */
function assertValidHeaders(headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) {
    if (/[^\t\x20-\x7e\x80-\xff]/.test(value)) throw new TypeError(`Invalid value for header ${name}`);
  }
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function infoName(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const info = (body as { info?: unknown }).info;
  if (typeof info !== "object" || info === null) return undefined;
  const name = (info as { name?: unknown }).name;
  return typeof name === "string" && name ? name : undefined;
}

/** The body's own status when it carries one, else the HTTP status. */
function resultStatus(body: unknown, httpStatus: number): number {
  if (typeof body === "object" && body !== null && "status" in body) {
    const status = Number((body as { status: unknown }).status);
    if (Number.isFinite(status)) return status;
  }
  return httpStatus;
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  if (signal?.aborted) return true;
  return typeof error === "object" && error !== null && (error as { name?: unknown }).name === "AbortError";
}
