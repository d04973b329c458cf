/**
 * The one way the data layer refuses (issue 25, ADR 0049): `throw new AppError(code, message)`. The code says what
 * kind of refusal it is; `route()` turns it into the HTTP status and `{message}` in one place, pages into their own
 * screens, the CLI into a line and exit code. The message is the Chinese sentence the member reads.
 */
export type AppErrorCode =
  | "invalid" // 400: the input breaks a rule
  | "unauthenticated" // 401: not logged in
  | "payment_required" // 402
  | "forbidden" // 403: logged in, not allowed
  | "not_found" // 404
  | "conflict" // 409: the state does not allow it (already published, already paid…)
  | "gone" // 410: expired link or code
  | "too_large" // 413
  | "unsupported" // 415: a file of the wrong kind
  | "unprocessable" // 422: well-formed but unusable (an unreadable statement)
  | "rate_limited" // 429: with Retry-After
  | "unavailable"; // 503: a dependency is down or not configured

export const APP_ERROR_STATUS: Record<AppErrorCode, number> = {
  invalid: 400,
  unauthenticated: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  too_large: 413,
  unsupported: 415,
  unprocessable: 422,
  rate_limited: 429,
  unavailable: 503,
};

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    /** Extra response headers, e.g. `Retry-After` with a rate limit. */
    readonly headers?: Record<string, string>,
    /** Extra JSON fields the caller documents (e.g. `{ field: "email" }`). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return APP_ERROR_STATUS[this.code];
  }
}

/** A 429 with its Retry-After, in seconds. */
export function rateLimited(message: string, retryAfterSeconds: number): AppError {
  return new AppError("rate_limited", message, { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
}
