import { reloadConfigForTests } from "@/lib/config";
import { db } from "@/lib/db";
import { marketBars } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import type { UserInfo } from "@/lib/domain/user-info";
import type { Viewer } from "@/lib/server/auth/viewer";
import { chartBarsFor } from "./bars";
import { marketDataSetupFor } from "./setup";

type Source = (typeof marketBars.$inferInsert)["source"];
const bar = (code: string, tradeDate: string, source: Source, preClose: number | null = null) =>
  ({ code, tradeDate, open: 10, high: 10.5, low: 9.8, close: 10.2, volume: 52_515_277, amount: 460_697_377, preClose, source });

const viewer = (role: Viewer["role"]): Viewer => ({ userId: "00000000-0000-4000-8000-000000000001", role, userInfo: { levelId: 0 } as UserInfo });

describeOnEachEngine("a chart's bars and their sources", () => {
  it("says where the shown bars came from, each source once", async () => {
    const database = await db();
    await database.insert(marketBars).values([
      bar("600519", "2024-02-07", "import"),
      bar("600519", "2024-02-08", "tushare", 10),
      bar("600519", "2024-02-19", "tushare", 10.2),
      bar("000001", "2024-02-08", "synthetic"),
    ]);
    const real = await chartBarsFor("600519", "2024-02-08", "2024-02-29");
    expect(real.sources).toEqual(["tushare"]);
    expect(real.bars.map((b) => [b.date, b.preClose, b.volume])).toEqual([["2024-02-08", 10, 52_515_277], ["2024-02-19", 10.2, 52_515_277]]);
    expect((await chartBarsFor("600519", "2024-02-01", "2024-02-29")).sources).toEqual(["tushare", "import"]);
    expect((await chartBarsFor("000001", "2024-02-01", "2024-02-29")).sources).toEqual(["synthetic"]);
    expect(await chartBarsFor("300750", "2024-02-01", "2024-02-29")).toEqual({ bars: [], sources: [] });
  });
});

describe("what an empty chart tells whom", () => {
  afterAll(() => reloadConfigForTests());

  it("gives the configured provider to administrators only", () => {
    reloadConfigForTests({ ...process.env, MARKET_DATA_PROVIDER: "eastmoney" });
    expect(marketDataSetupFor(viewer("admin"))).toEqual({ provider: "eastmoney" });
    expect(marketDataSetupFor(viewer("editor"))).toBeNull();
    expect(marketDataSetupFor(viewer("member"))).toBeNull();
    expect(marketDataSetupFor(null)).toBeNull();
    reloadConfigForTests({ ...process.env, MARKET_DATA_PROVIDER: "none" });
    expect(marketDataSetupFor(viewer("admin"))).toEqual({ provider: "none" });
  });
});
