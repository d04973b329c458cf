import { AsyncLocalStorage } from "node:async_hooks";
import type { Pool } from "pg";
import { openDatabase } from "./client";

const url = process.env.TEST_DATABASE_URL;
const onPostgres = url ? describe : describe.skip;

onPostgres("PostgreSQL connections", () => {
  it("a connection opened during a request does not keep that request's context alive", async () => {
    const handle = await openDatabase({ databaseUrl: url!, dataDir: "memory://" });
    try {
      const pool = (handle.db as unknown as { $client: Pool }).$client;
      const requestContext = new AsyncLocalStorage<{ request: string }>();
      // The first query opens the pool's first connection, inside a "request".
      await requestContext.run({ request: "GET /detail/…" }, () => pool.query("select 1"));
      const client = await pool.connect();
      try {
        let seenBySocket: unknown = "not called";
        (client as unknown as { connection: { stream: NodeJS.EventEmitter } }).connection.stream.once("data", () => {
          seenBySocket = requestContext.getStore();
        });
        await client.query("select 1");
        expect(seenBySocket).toBeUndefined();
      } finally {
        client.release();
      }
    } finally {
      await handle.close();
    }
  });
});
