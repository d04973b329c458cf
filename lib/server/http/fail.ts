import "server-only";
import { NextResponse } from "next/server";

/** A refusal from a route handler: the Chinese message as `{message}`, with headers such as `Retry-After`. */
export function fail(status: number, message: string, headers?: Record<string, string>): NextResponse {
  return NextResponse.json({ message }, { status, headers });
}
