/**
 * multipart POST with real upload progress (fetch cannot report it): XMLHttpRequest, same origin, the session cookie
 * (plus the bearer token when the browser holds a readable copy, as lib/client/request does).
 */
import { failureMessage } from "@/lib/client/request";
import { readStoredToken } from "@/lib/client/token";

export interface UploadResponse {
  status: number;
  /** parsed JSON, or the raw text when it is not JSON, or null when empty */
  body: unknown;
}

export class UploadAborted extends Error {
  constructor() {
    super("aborted");
    this.name = "UploadAborted";
  }
}

export interface UploadOptions {
  /** 0–1 of the request body sent */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** ms; 0 = none */
  timeoutMs?: number;
}

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Resolves with any HTTP answer (the caller reads status and body); rejects with status 0 for a network failure. */
export function postFormWithProgress(url: string, form: FormData, options: UploadOptions = {}): Promise<UploadResponse> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(new UploadAborted());
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("Accept", "application/json");
    let token: string | null = null;
    try {
      token = readStoredToken();
    } catch {
      token = null;
    }
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    if (options.timeoutMs) xhr.timeout = options.timeoutMs;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) options.onProgress?.(Math.min(1, e.loaded / e.total));
    };
    xhr.upload.onload = () => options.onProgress?.(1);
    const onAbort = () => xhr.abort();
    options.signal?.addEventListener("abort", onAbort, { once: true });
    const done = () => options.signal?.removeEventListener("abort", onAbort);
    xhr.onload = () => {
      done();
      resolve({ status: xhr.status, body: parse(xhr.responseText) });
    };
    xhr.onerror = () => {
      done();
      reject(Object.assign(new Error(failureMessage(0)), { status: 0 }));
    };
    xhr.ontimeout = () => {
      done();
      reject(Object.assign(new Error("处理超时，请稍后再试"), { status: 0 }));
    };
    xhr.onabort = () => {
      done();
      reject(new UploadAborted());
    };
    xhr.send(form);
  });
}

/** The Chinese message of a failed answer: the server's own `message` when it sent one. */
export function uploadFailureMessage(status: number, body: unknown): string {
  if (body && typeof body === "object" && typeof (body as { message?: unknown }).message === "string") {
    const message = (body as { message: string }).message.trim();
    if (message) return message;
  }
  if (status === 413) return "文件过大：交割单最大 20 MB，请按时间分段导出";
  if (status === 401) return "请先登录";
  if (status === 429) return "操作过于频繁，请稍后再试";
  return `${failureMessage(status)}，请稍后再试`;
}
