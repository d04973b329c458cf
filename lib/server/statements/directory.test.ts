import fc from "fast-check";
import { sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { masterDays, masters } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { defaultCalendar } from "@/lib/domain/market/calendar";
import { DIRECTORY_SORTS, normaliseDirectoryQuery } from "@/lib/domain/statements/directory";
import type { UserInfo } from "@/lib/domain/user-info";
import type { Viewer } from "@/lib/server/auth/viewer";
import { statementAccess, type StatementAccess } from "./access";
import { directoryPage, masterDirectory } from "./directory";

const viewerAt = (levelId: number): Viewer => ({ userId: "00000000-0000-4000-8000-000000000045", role: "member", userInfo: { levelId } as UserInfo });
const NOW = new Date("2026-11-21T04:00:00Z");

interface DayFigures {
  day: string;
  fills?: number;
  names?: string[];
  cumTrips?: number;
  cumWins?: number;
  cumPnl?: number;
}

let created = 0;
/** A master with stored figures: one master_days row per given day (cum figures as given, the day's fills as given). */
async function addMaster(name: string, opts: { tags?: string[]; delay?: number; days?: DayFigures[] } = {}) {
  const database = await db();
  const [m] = await database
    .insert(masters)
    .values({ name, styleTags: opts.tags ?? [], disclosureDelayDays: opts.delay ?? 0, createdAt: new Date(Date.UTC(2026, 0, 1) + ++created * 60_000) })
    .returning();
  const days = [...(opts.days ?? [])].sort((a, b) => (a.day < b.day ? -1 : 1));
  let lastFillDay: string | null = null;
  for (const d of days) {
    if ((d.fills ?? 1) > 0) lastFillDay = d.day;
    await database.insert(masterDays).values({
      masterGuid: m!.guid, day: d.day, fills: d.fills ?? 1, names: d.names ?? [], cumTrips: d.cumTrips ?? 0, cumWins: d.cumWins ?? 0,
      cumPnl: d.cumPnl ?? 0, lastFillDay,
    });
  }
  return m!;
}

async function clear() {
  await (await db()).execute(sql`delete from masters`);
}

const names = (page: { items: { name: string }[] }) => page.items.map((m) => m.name);

describeOnEachEngine("master directory (ADR 0045)", () => {
  let access: StatementAccess;
  let d0: string;
  let d1: string;
  let d2: string;
  beforeAll(async () => {
    access = await statementAccess(viewerAt(100), NOW);
    d0 = access.through(0);
    d1 = defaultCalendar.previous(d0);
    d2 = defaultCalendar.previous(d1);
  });
  beforeEach(clear);

  it("finds masters by name or style tag, ignoring case, with %, _ and \\ taken literally", async () => {
    await addMaster("青山短线", { tags: ["趋势"] });
    await addMaster("Alpha_Trader", { tags: ["量化"] });
    await addMaster("AlphaXTrader", { tags: [] });
    await addMaster("百分百", { tags: ["100%打板"] });
    await addMaster("反斜杠", { tags: ["a\\b"] });
    const search = async (q: string) => names(await directoryPage(access, { q, sort: "new" })).sort();
    expect(await search("短线")).toEqual(["青山短线"]);
    expect(await search("alpha")).toEqual(["AlphaXTrader", "Alpha_Trader"]);
    expect(await search("ALPHA_")).toEqual(["Alpha_Trader"]);
    expect(await search("%")).toEqual(["百分百"]);
    expect(await search("打板")).toEqual(["百分百"]);
    expect(await search("a\\b")).toEqual(["反斜杠"]);
    expect(await search("量化")).toEqual(["Alpha_Trader"]);
    expect(await search("没有这个人")).toEqual([]);
    expect((await directoryPage(access, { q: "没有这个人" })).total).toBe(0);
    expect((await directoryPage(access, { q: "" })).total).toBe(5);
  });

  it("returns exactly the masters whose name or a tag contains the search, for any search", async () => {
    const word = fc.string({ unit: fc.constantFrom("a", "B", "_", "%", "\\", "短", "线", " "), minLength: 1, maxLength: 6 });
    const pool = fc.sample(fc.tuple(word, fc.array(word, { maxLength: 2 })), { numRuns: 12, seed: 45 });
    for (const [i, [name, tags]] of pool.entries()) await addMaster(`${name}#${i}`, { tags });
    const all = pool.map(([name, tags], i) => ({ name: `${name}#${i}`, tags }));
    await fc.assert(
      fc.asyncProperty(word, async (raw) => {
        const q = normaliseDirectoryQuery(raw);
        const want = all.filter((m) => [m.name, ...m.tags].some((t) => t.toLowerCase().includes(q.toLowerCase()))).map((m) => m.name).sort();
        const page = await directoryPage(access, { q: raw, sort: "new" });
        expect(names(page).sort()).toEqual(want);
        expect(page.total).toBe(want.length);
      }),
      { numRuns: 40 },
    );
  });

  it("sorts by latest trade day, P&L, win rate (a large enough sample first), round trips and arrival", async () => {
    await addMaster("老将", { days: [{ day: d1, fills: 4, cumTrips: 30, cumWins: 12, cumPnl: 200 }] }); // 40%
    await addMaster("稳健", { days: [{ day: d0, fills: 3, cumTrips: 20, cumWins: 10, cumPnl: 1000 }] }); // 50%
    await addMaster("新手", { days: [{ day: d0, fills: 8, cumTrips: 5, cumWins: 5, cumPnl: -500 }] }); // 100% of 5
    await addMaster("高手", { days: [{ day: d2, fills: 2, cumTrips: 12, cumWins: 9, cumPnl: 5000 }] }); // 75%
    await addMaster("空白");
    const order = async (sort: (typeof DIRECTORY_SORTS)[number]) => names(await directoryPage(access, { sort }));
    expect(await order("active")).toEqual(["新手", "稳健", "老将", "高手", "空白"]);
    expect(await order("pnl")).toEqual(["高手", "稳健", "老将", "空白", "新手"]);
    expect(await order("winrate")).toEqual(["高手", "稳健", "老将", "新手", "空白"]);
    expect(await order("trips")).toEqual(["老将", "稳健", "高手", "新手", "空白"]);
    expect(await order("new")).toEqual(["空白", "高手", "新手", "稳健", "老将"]);
  });

  it("pages every sort without losing or repeating a master, and keeps the search while paging", async () => {
    for (let i = 0; i < 23; i++) {
      const day = i % 3 === 0 ? d0 : i % 3 === 1 ? d1 : d2;
      await addMaster(`大神${String(i).padStart(2, "0")}`, { tags: i % 2 ? ["打板"] : ["趋势"], days: i % 5 === 4 ? [] : [{ day, fills: i % 4, cumTrips: i, cumWins: i % 7, cumPnl: (i % 6) * 100 - 200 }] });
    }
    for (const sort of DIRECTORY_SORTS) {
      for (const q of ["", "打板"]) {
        const whole = await directoryPage(access, { q, sort });
        const pages = [];
        for (let p = 0; p * 5 < whole.total; p++) {
          const page = await directoryPage(access, { q, sort, limit: 5, offset: p * 5 });
          expect(page.total).toBe(whole.total);
          pages.push(...names(page));
        }
        expect(pages).toEqual(names(whole));
        expect(whole.total).toBe(q ? 11 : 23);
      }
    }
    const viaViewer = await masterDirectory(viewerAt(100), { q: "打板", sort: "trips", page: 2, pageSize: 5 });
    expect(viaViewer.total).toBe(11);
    expect(viaViewer.items).toHaveLength(5);
  });

  it("shows a delayed master's figures and latest trade day only as far as its disclosure reaches", async () => {
    const t5 = access.through(5);
    expect(t5 < d0).toBe(true);
    const old = defaultCalendar.previous(t5);
    const rows: DayFigures[] = [
      { day: old, fills: 2, names: ["平安银行", "万科A"], cumTrips: 3, cumWins: 2, cumPnl: 100 },
      { day: d0, fills: 1, names: ["贵州茅台"], cumTrips: 4, cumWins: 3, cumPnl: 900 },
    ];
    const delayed = await addMaster("延迟五天", { delay: 5, days: rows });
    const prompt = await addMaster("即时公开", { days: rows });
    const cards = (await directoryPage(access, {})).items;
    expect(cards.find((c) => c.guid === delayed.guid)).toMatchObject({
      latestTradeDay: old, recentNames: ["平安银行", "万科A"], realizedPnl: 100, closedTrips: 3, wins: 2, winRate: 2 / 3,
    });
    expect(cards.find((c) => c.guid === prompt.guid)).toMatchObject({ latestTradeDay: d0, recentNames: ["贵州茅台"], realizedPnl: 900, closedTrips: 4 });
    // Sorted by P&L, the delayed master's hidden 900 does not count.
    expect(names(await directoryPage(access, { sort: "pnl" }))).toEqual(["即时公开", "延迟五天"]);

    // A free member's sample ends earlier still: what lies past it is not shown.
    const free = await statementAccess(viewerAt(0), NOW);
    const freeCard = (await directoryPage(free, {})).items.find((c) => c.guid === prompt.guid)!;
    expect(freeCard.latestTradeDay === null || freeCard.latestTradeDay <= free.through(0)).toBe(true);
    if (free.through(0) < d0) expect(freeCard.realizedPnl).not.toBe(900);
  });

  it("keeps a master traded on no disclosed day in the list with empty figures", async () => {
    const m = await addMaster("只有新交易", { delay: 5, days: [{ day: d0, fills: 1, names: ["贵州茅台"], cumTrips: 1, cumWins: 1, cumPnl: 50 }] });
    const [card] = (await directoryPage(access, {})).items;
    expect(card).toMatchObject({ guid: m.guid, latestTradeDay: null, recentNames: [], realizedPnl: 0, closedTrips: 0, winRate: null });
  });
});
