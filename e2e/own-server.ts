import { spawn, type ChildProcess } from "node:child_process";

/** Settings of the suite's main server that a spec's own server must not inherit. */
const SUITE_ONLY_ENV = ["DATABASE_URL", "STRIPE_API_BASE", "STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "PAYMENT_TEST_MODE"];

export interface OwnServer {
  /** everything the server printed so far */
  readonly output: string;
  stop(): Promise<void>;
}

/**
 * A server of the suite's build with a spec's own environment (port, data directory, settings): `node scripts/start.mjs`
 * as an operator runs it. Resolves once /api/health answers and `ready(output)` holds; rejects when it exits first.
 */
export async function startOwnServer(opts: { env: Record<string, string>; unset?: string[]; ready?: (output: string) => boolean }): Promise<OwnServer> {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: "warn", NEXT_TELEMETRY_DISABLED: "1", ...opts.env };
  for (const key of [...SUITE_ONLY_ENV, ...(opts.unset ?? [])]) if (!(key in opts.env)) delete env[key];
  const base = `http://localhost:${env.PORT}`;
  let output = "";
  const server: ChildProcess = spawn(process.execPath, ["scripts/start.mjs"], { env, stdio: ["ignore", "pipe", "pipe"] });
  server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<never>((_, reject) => server.once("exit", (code) => reject(new Error(`server exited (${code}):\n${output}`))));
  const ready = (async () => {
    for (;;) {
      try {
        if ((await fetch(`${base}/api/health`)).ok && (opts.ready?.(output) ?? true)) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  await Promise.race([ready, exited]);
  return {
    get output() {
      return output;
    },
    async stop() {
      if (server.exitCode !== null) return;
      const stopped = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await stopped;
    },
  };
}
