import { defaultCalendar } from "@/lib/domain/market/calendar";
import type { Fill, ImportReport } from "@/lib/domain/statements/types";
import { StatementRejected } from "@/lib/domain/statements/types";
import type { UserInfo } from "@/lib/domain/user-info";
import { describeOnEachEngine } from "@/lib/db/test-support";
import type { Viewer } from "@/lib/server/auth/viewer";
import { createUser } from "@/lib/server/members/users";
import { statementAccess } from "./access";
import { masterDetail } from "./detail";
import { masterHub, masterCards, tradesOnDay } from "./master-hub";
import { publishMasterStatement, storeReport } from "./import";
import { createMaster } from "./masters-admin";
import { deleteOwnStatement, readableMemberStatement, setOwnStatementVisibility, statementsOnMemberPage } from "./own";
import { rankings } from "./rankings";
import { OPERATOR } from "@/lib/server/auth/roles";

const viewerAt = (levelId: number, userId = "00000000-0000-4000-8000-000000000001"): Viewer => ({
  userId,
  role: "member",
  userInfo: { levelId } as UserInfo,
});
const VIP = viewerAt(100);
const FREE = viewerAt(0);

function fill(date: string, side: "buy" | "sell", price: number, quantity = 1000, code = "600519", line = 1): Fill {
  const amount = Math.round(price * quantity * 100) / 100;
  return {
    line, date, time: side === "buy" ? "09:35:00" : "14:50:00", code, exchange: "SH", market: "A", name: "贵州茅台", side, quantity, price,
    priceCurrency: "CNY", amount, amountStated: true, currency: "CNY", fxRate: null, feeBasis: "file", shareBalance: null,
    fees: { commission: 5, stampDuty: side === "sell" ? Math.round(amount * 0.0005 * 100) / 100 : 0, transferFee: 0.1, other: 0 },
    feesEstimated: false, netAmount: null, balance: null, kind: "trade", raw: side === "buy" ? "证券买入" : "证券卖出",
  };
}

/** `trips` round trips on consecutive trading days ending on `lastDay`: buy at 10, sell the next day at 10.5 (win) or 9.5. */
function statement(trips: number, lastDay: string): ImportReport {
  const days = [lastDay];
  while (days.length < trips * 2) days.unshift(defaultCalendar.previous(days[0]!));
  const fills: Fill[] = [];
  for (let i = 0; i < trips; i++) {
    fills.push(fill(days[i * 2]!, "buy", 10, 1000, "600519", fills.length + 2));
    fills.push(fill(days[i * 2 + 1]!, "sell", i % 3 === 2 ? 9.5 : 10.5, 1000, "600519", fills.length + 2));
  }
  return { format: "generic", formatLabel: "通用格式", encoding: "utf-8", rowCount: fills.length, fills, events: [], skipped: [], warnings: [], feeBasis: "file", unreconciled: [] };
}

const bytes = (s: string) => new TextEncoder().encode(s);

describeOnEachEngine("statements: import, disclosure, rankings", () => {
  it("stores a master's statement with its round trips, and shows VIP more than the free sample", async () => {
    const master = await createMaster(OPERATOR, { name: "测试大神" });
    const outcome = await storeReport(statement(25, "2026-11-20"), { bytes: bytes("file-a"), fileName: "a.csv" }, { kind: "master", masterGuid: master.guid, isPublic: true });
    expect(outcome.duplicates).toBe(0);

    const vipAccess = await statementAccess(VIP, new Date("2026-11-21T04:00:00Z"));
    const freeAccess = await statementAccess(FREE, new Date("2026-11-21T04:00:00Z"));
    const [vipCard] = (await masterCards(vipAccess)).items.filter((c) => c.guid === master.guid);
    const [freeCard] = (await masterCards(freeAccess)).items.filter((c) => c.guid === master.guid);
    // 25 trips of 1000 shares: 17 wins of 500 − fees, 8 losses of −500 − fees.
    expect(vipCard!.closedTrips).toBe(25);
    expect(vipCard!.wins).toBe(17);
    expect(vipCard!.latestTradeDay).toBe("2026-11-20");
    expect(freeCard!.closedTrips).toBeLessThan(25);
    expect(freeCard!.latestTradeDay! <= freeAccess.through(0)).toBe(true);

    const vipDay = await tradesOnDay(vipAccess, "2026-11-20");
    expect(vipDay.trades.map((t) => t.side)).toEqual(["sell"]);
    const freeDay = await tradesOnDay(freeAccess, "2026-11-20");
    expect(freeDay.trades).toEqual([]);
    expect(freeDay.hiddenMasters).toBe(1);
  });

  it("refuses the same file twice and leaves out fills already published from an overlapping export", async () => {
    const master = await createMaster(OPERATOR, { name: "重复导入" });
    const report = statement(3, "2026-09-30");
    await storeReport(report, { bytes: bytes("file-b"), fileName: "b.csv" }, { kind: "master", masterGuid: master.guid, isPublic: true });
    await expect(storeReport(report, { bytes: bytes("file-b"), fileName: "b.csv" }, { kind: "master", masterGuid: master.guid, isPublic: true }))
      .rejects.toBeInstanceOf(StatementRejected);
    const overlap = { ...report, fills: [...report.fills, fill("2026-10-09", "buy", 11, 500, "600519", 99)] };
    const second = await storeReport(overlap, { bytes: bytes("file-b2"), fileName: "b2.csv" }, { kind: "master", masterGuid: master.guid, isPublic: true });
    expect(second.duplicates).toBe(6);
    const detail = await masterDetail({ ...VIP, role: "editor" }, master.guid, "2026-10-09");
    expect(detail?.fills).toHaveLength(1);
    expect(detail?.summary.roundTrips).toBe(3);
    expect(detail?.summary.openPositions).toBe(1);
  });

  it("stores nothing from a file without fills or events", async () => {
    const master = await createMaster(OPERATOR, { name: "空文件" });
    const empty: ImportReport = { ...statement(1, "2026-09-30"), fills: [] };
    await expect(storeReport(empty, { bytes: bytes("empty"), fileName: "e.csv" }, { kind: "master", masterGuid: master.guid, isPublic: true }))
      .rejects.toThrow("文件中没有可导入的成交或资金记录");
    const hub = await masterHub({ ...VIP, role: "admin" });
    expect(hub.masters.find((m) => m.guid === master.guid)?.closedTrips).toBe(0);
  });

  it("keeps a draft out of the master's pages until it is published", async () => {
    const master = await createMaster(OPERATOR, { name: "草稿大神" });
    const draft = await storeReport(statement(2, "2026-08-31"), { bytes: bytes("draft"), fileName: "d.csv" }, { kind: "master", masterGuid: master.guid, isPublic: false });
    const staff = { ...VIP, role: "admin" as const };
    expect((await masterDetail(staff, master.guid))?.days).toEqual([]);
    expect(await publishMasterStatement(OPERATOR, draft.statementId)).toBe(true);
    const detail = await masterDetail(staff, master.guid);
    expect(detail?.days[0]).toBe("2026-08-31");
    expect(detail?.summary.roundTrips).toBe(2);
  });

  it("puts the fills, the B/S markers and the round trip of a day on the detail page", async () => {
    const master = await createMaster(OPERATOR, { name: "图表大神" });
    await storeReport(statement(2, "2026-07-31"), { bytes: bytes("chart"), fileName: "c.csv" }, { kind: "master", masterGuid: master.guid, isPublic: true });
    const detail = await masterDetail(VIP, master.guid, "2026-07-31", "600519");
    expect(detail?.symbol).toEqual({ code: "600519", name: "贵州茅台", market: "A" });
    expect(detail?.chart?.markers.map((m) => m.side)).toEqual(["buy", "sell", "buy", "sell"]);
    expect(detail?.roundTrip).toMatchObject({ closeDate: "2026-07-31", buyAmount: 10000, sellAmount: 10500, pnl: 484.55 });
  });

  it("ranks only masters with the minimum sample, and shows the free viewer the top rows only", async () => {
    const small = await createMaster(OPERATOR, { name: "样本不足" });
    await storeReport(statement(5, "2026-11-20"), { bytes: bytes("small"), fileName: "s.csv" }, { kind: "master", masterGuid: small.guid, isPublic: true });
    const board = await rankings(VIP, { day: "2026-11-20", period: "day", show: "profit" });
    const names = (board.rows as { masterName: string }[]).map((r) => r.masterName);
    expect(names).toContain("测试大神");
    expect(names).not.toContain("样本不足");
    expect(board.unranked).toBeGreaterThan(0);
    const stocks = await rankings(FREE, { day: "2026-11-20", period: "week", show: "stocks" });
    expect(stocks.from).toBe("2026-11-16");
    expect(stocks.rows.length).toBeGreaterThan(0);
  });

  it("keeps a member's statement private unless they publish it, and lets only them delete it", async () => {
    const owner = await createUser({ email: "owner@example.com" });
    const other = await createUser({ email: "other@example.com" });
    const saved = await storeReport(statement(1, "2026-06-30"), { bytes: bytes("mine"), fileName: "m.csv" }, { kind: "member", ownerId: owner.id, isPublic: false });
    expect(await readableMemberStatement(viewerAt(0, owner.id), saved.statementId)).not.toBeNull();
    expect(await readableMemberStatement(viewerAt(200, other.id), saved.statementId)).toBeNull();
    expect(await readableMemberStatement(null, saved.statementId)).toBeNull();
    expect(await statementsOnMemberPage(viewerAt(0, other.id), owner.id)).toEqual([]);

    expect(await setOwnStatementVisibility(viewerAt(0, other.id), saved.statementId, true)).toBe(false);
    expect(await setOwnStatementVisibility(viewerAt(0, owner.id), saved.statementId, true)).toBe(true);
    expect(await readableMemberStatement(null, saved.statementId)).not.toBeNull();
    expect((await statementsOnMemberPage(null, owner.id)).map((r) => r.id)).toEqual([saved.statementId]);

    expect(await deleteOwnStatement(viewerAt(0, other.id), saved.statementId)).toBe(false);
    expect(await deleteOwnStatement(viewerAt(0, owner.id), saved.statementId)).toBe(true);
    expect(await readableMemberStatement(viewerAt(0, owner.id), saved.statementId)).toBeNull();
  });
});
