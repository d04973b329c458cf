/**
 * A request whose server work was cancelled (past its deadline, or the server stopping: lib/server/request-deadline.ts)
 * answers 503. Next.js keeps a thrown error's `digest` through a server render, so the error screen can tell it apart.
 */
export const REQUEST_CANCELLED_DIGEST = "LIANGHUA_REQUEST_CANCELLED";

/** What the visitor reads (API `{message}`, the fallback page). */
export const REQUEST_CANCELLED_MESSAGE = "服务器繁忙，本次请求已中止，请稍后重试";

/** The status an error shown by an error boundary stands for: its own, 503 for a cancelled request, else 500. */
export function errorStatus(error: { statusCode?: number; digest?: string }): number {
  return error.statusCode ?? (error.digest === REQUEST_CANCELLED_DIGEST ? 503 : 500);
}
