import { describeOnEachEngine } from "@/lib/db/test-support";
import { db } from "@/lib/db";
import { seedDemoData } from "@/lib/db/seed/demo";
import { DEMO_ARTICLES } from "@/lib/db/seed/demo-articles";
import { DEMO_MASTER_ROWS } from "@/lib/db/seed/demo-content";
import { listArticles } from "./articles";
import { listMasters, listStrategies } from "./masters";
import { databaseIsHealthy } from "@/lib/server/health";

describeOnEachEngine("demo data", () => {
  it("loads once, every row flagged as demo", async () => {
    expect(await seedDemoData(await db())).toBe(true);
    expect(await seedDemoData(await db())).toBe(false);
    const masters = await listMasters();
    const strategies = await listStrategies();
    const articles = await listArticles({});
    expect(masters.total).toBe(DEMO_MASTER_ROWS.length);
    expect(masters.total).toBeGreaterThanOrEqual(12);
    expect(strategies.total).toBe(2);
    expect(articles.total).toBe(DEMO_ARTICLES.length);
    expect(articles.total).toBeGreaterThanOrEqual(12);
    expect([...masters.items, ...strategies.items, ...articles.items].every((row) => row.isDemo)).toBe(true);
  });

  it("answers the health check", async () => {
    expect(await databaseIsHealthy()).toBe(true);
  });
});
