export async function register() {
  // `next build` also loads instrumentation in its workers: the database belongs to the running server only.
  if (process.env.NEXT_RUNTIME === "nodejs" && process.env.NEXT_PHASE !== "phase-production-build") {
    const { prepareServer } = await import("@/lib/server/startup");
    await prepareServer();
  }
}
