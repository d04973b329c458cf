import { openDatabase } from "@/lib/db/client";
import { useDatabaseForTests } from "@/lib/db";
import { databaseIsHealthy } from "./health";

describe("health check", () => {
  afterEach(() => useDatabaseForTests(null));

  it("is healthy on an open database and unhealthy once it is closed", async () => {
    const handle = await openDatabase({ databaseUrl: null, dataDir: "memory://" });
    useDatabaseForTests(handle);
    expect(await databaseIsHealthy()).toBe(true);
    await handle.close();
    expect(await databaseIsHealthy()).toBe(false);
  });
});
