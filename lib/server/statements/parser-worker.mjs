// Entry of the statement parser's threads (parser-pool.ts, ADR 0026). Plain JavaScript, so that Node loads it as it is
// wherever the pool runs: under `next start` (the route bundles never contain the parser's thread code), under Jest
// and in the CLI. It compiles the TypeScript of parser-task.ts and the lib/domain modules it imports with tsx's require
// hook (a runtime dependency; compiled files are cached in tsx's directory under the system's tmp dir). Node 20 does
// not run ESM loader hooks in worker threads, hence the CommonJS hook and require().
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

// The `@/…` paths of the project's tsconfig, whatever the working directory.
process.env.TSX_TSCONFIG_PATH = fileURLToPath(new URL("../../../tsconfig.json", import.meta.url));
const { register } = await import("tsx/cjs/api");
register();
const require = createRequire(import.meta.url);

export default require("./parser-task.ts").default;
