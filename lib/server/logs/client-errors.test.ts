import { desc } from "drizzle-orm";
import { db } from "@/lib/db";
import { clientErrorReports } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { storeClientErrorReport } from "./client-errors";

describeOnEachEngine("client error reports", () => {
  it("stores a report with line breaks escaped, fields capped and the address hashed", async () => {
    const outcome = await storeClientErrorReport(
      { Exception: "TypeError: boom\n2026-01-01 INFO forged line", InnerException: "x".repeat(500), requestUrl: "https://site/god" },
      { ip: "203.0.113.7", userAgent: "jest" },
    );
    expect(outcome).toBe("stored");
    const [row] = await (await db()).select().from(clientErrorReports).orderBy(desc(clientErrorReports.id)).limit(1);
    expect(row!.exception).toBe("TypeError: boom\\n2026-01-01 INFO forged line");
    expect(row!.innerException.length).toBeLessThanOrEqual(101);
    expect(row!.ipHash).toMatch(/^[0-9a-f]{16}$/);
    expect(row!.ipHash).not.toContain("203.0.113.7");
  });

  it("refuses a body without an Exception", async () => {
    expect(await storeClientErrorReport({ requestUrl: "x" }, { ip: "1", userAgent: "" })).toBe("invalid");
    expect(await storeClientErrorReport("text", { ip: "1", userAgent: "" })).toBe("invalid");
  });
});
