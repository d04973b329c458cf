import { installChineseValidationMessages } from "@/lib/domain/validation-messages";

export async function register() {
  // Before any request: every validation message without its own wording is Chinese (ADR 0025).
  installChineseValidationMessages();
  // `next build` also loads instrumentation in its workers: the database belongs to the running server only.
  if (process.env.NEXT_RUNTIME === "nodejs" && process.env.NEXT_PHASE !== "phase-production-build") {
    const { prepareServer } = await import("@/lib/server/startup");
    // `next start` awaits this before it serves a request: the database is open and warm when the server is ready.
    // SIGTERM/SIGINT: Next.js drains the HTTP server, lib/server/shutdown.ts closes the database and exits 0.
    await prepareServer({ manualSignalHandling: !!process.env.NEXT_MANUAL_SIG_HANDLE });
  }
}
