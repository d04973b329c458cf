import "server-only";
import { NextResponse } from "next/server";
import { StatementRejected } from "@/lib/domain/statements/types";
import { AppError } from "@/lib/server/http/app-error";
import { logger } from "@/lib/server/logger";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * A statement the reader rejected, rethrown as the 400 its Chinese reason makes; logged at info with `context` (a
 * member's file is no server error). Anything else passes through. For `promise.catch(…)` in the upload routes.
 */
export function invalidWhenRejected(context: Record<string, unknown>, logLine: string): (err: unknown) => never {
  return (err) => {
    if (err instanceof StatementRejected) {
      logger().info({ ...context, code: err.code, detail: err.detail }, logLine);
      throw new AppError("invalid", err.message);
    }
    throw err;
  };
}

/**
 * The members' upload routes (preview, save) answer in the upload form's shape (components/upload/types.ts), never
 * cached: `{ok: true, …what work returns}`, or `{ok: false, message}` with the status and headers of the AppError
 * that refused it (a busy parser's 503 and a rate limit's 429 keep their Retry-After).
 */
export async function answerOwnUpload(work: () => Promise<object>): Promise<NextResponse> {
  try {
    return NextResponse.json({ ok: true, ...(await work()) }, { headers: NO_STORE });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return NextResponse.json({ ok: false, message: err.message }, { status: err.status, headers: { ...NO_STORE, ...err.headers } });
  }
}
