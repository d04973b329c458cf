import { count, eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { marketBars, masters, statements } from "@/lib/db/schema";
import { seedDemoData } from "@/lib/db/seed/demo";
import { describeOnEachEngine } from "@/lib/db/test-support";
import type { UserInfo } from "@/lib/domain/user-info";
import type { Viewer } from "@/lib/server/auth/viewer";
import { seedDemoStatements } from "./demo-seed";
import { masterDetail } from "./detail";
import { masterHub } from "./master-hub";
import { rankings } from "./rankings";

const SVIP: Viewer = { userId: "00000000-0000-4000-8000-000000000002", role: "member", userInfo: { levelId: 200 } as UserInfo };

describeOnEachEngine("demo statements", () => {
  it("loads the demo market and one statement per demo master once, ready for every page", async () => {
    const database = await db();
    await seedDemoData(database);
    expect(await seedDemoStatements(database)).toBe(true);
    expect(await seedDemoStatements(database)).toBe(false);
    const [bars] = await database.select({ n: count() }).from(marketBars);
    expect(bars!.n).toBeGreaterThan(12 * 400);
    const demo = await database.select().from(masters).where(eq(masters.isDemo, true));
    const [stored] = await database.select({ n: count() }).from(statements).where(eq(statements.source, "demo"));
    expect(stored!.n).toBe(demo.length);

    const hub = await masterHub(SVIP);
    for (const card of hub.masters) {
      expect(card.closedTrips).toBeGreaterThanOrEqual(60);
      expect(card.wins).toBeGreaterThan(0);
      expect(card.wins).toBeLessThan(card.closedTrips);
    }
    expect(hub.day).toBeTruthy();
    const detail = await masterDetail(SVIP, demo[0]!.guid);
    expect(detail?.chart?.bars.length).toBeGreaterThan(20);
    expect(detail?.chart?.markers.length).toBeGreaterThan(0);
    expect(detail?.chart?.simulated).toBe(true);
    const board = await rankings(SVIP, { period: "week", show: "profit" });
    expect(board.day).toBeTruthy();
  }, 120_000);
});
