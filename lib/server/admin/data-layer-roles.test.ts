import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { masters, plans, statements, strategies } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { OPERATOR, RoleRefusedError, type Actor } from "@/lib/server/auth/roles";
import { AppError } from "@/lib/server/http/app-error";
import type { Viewer } from "@/lib/server/auth/viewer";
import { userWithRole } from "@/lib/server/auth/viewers.test-support";
import { marketSyncOverview, requestMarketSync } from "@/lib/server/market/sync/admin";
import { updatePlan } from "@/lib/server/payments/catalog";
import { createStrategyKey, listStrategyKeys, revokeStrategyKey } from "@/lib/server/quant/api-keys";
import { importFillsCsv, importNavCsv } from "@/lib/server/quant/csv-import";
import { createStrategy, keyOfStrategy, updateStrategy } from "@/lib/server/quant/strategies-admin";
import { statementOfMaster } from "@/lib/server/statements/admin-list";
import { deleteStatement, importStatement, publishMasterStatement } from "@/lib/server/statements/import";
import { createMaster, setTradeNote, updateMaster } from "@/lib/server/statements/masters-admin";
import { readableMemberStatement, saveOwnStatement } from "@/lib/server/statements/own";

/**
 * ADR 0028: the data-layer functions that used to trust their route's check now refuse a wrong viewer themselves,
 * so a route that forgets to ask cannot let a member (or, for administrators' work, an editor) through.
 */
process.env.LOG_LEVEL = "silent";

type Role = "member" | "editor" | "admin";
const utf8 = (text: string) => new TextEncoder().encode(text);
const STRATEGY = { name: "数据层", author: "量化组", status: "paper", startDate: "2024-01-02" } as const;
const STATEMENT_CSV = [
  "成交日期,成交时间,证券代码,证券名称,操作,成交数量,成交均价,成交金额,发生金额,手续费,印花税",
  "20240102,09:35:00,600519,贵州茅台,证券买入,100,1700.00,170000.00,-170005.00,5.00,0.00",
].join("\n");

const newMaster = async () => (await createMaster(OPERATOR, { name: `大神${randomUUID().slice(0, 6)}` })).guid;
const newStrategy = async () => (await createStrategy(OPERATOR, STRATEGY)).guid;
const newStatement = async () => {
  const masterGuid = await newMaster();
  return (await importStatement(OPERATOR, utf8(STATEMENT_CSV), "a.csv", { kind: "master", masterGuid, isPublic: false })).statementId;
};

/** Each call builds its own fixture first (as the operator), then acts as `who`. */
const CALLS: [string, "editor" | "admin", (who: Actor) => Promise<unknown>][] = [
  ["createMaster", "editor", (who) => createMaster(who, { name: "新大神" })],
  ["updateMaster", "editor", async (who) => updateMaster(who, await newMaster(), { name: "改名" })],
  ["setTradeNote", "editor", async (who) => setTradeNote(who, await newMaster(), { tradeDate: "2024-01-02", code: "", note: "点评" })],
  ["publishMasterStatement", "editor", async (who) => publishMasterStatement(who, await newStatement())],
  ["deleteStatement", "editor", async (who) => deleteStatement(who, await newStatement())],
  ["statementOfMaster", "editor", async (who) => statementOfMaster(who, await newMaster(), randomUUID())],
  ["listStrategyKeys", "editor", async (who) => listStrategyKeys(who, await newStrategy())],
  ["importStatement (a master's)", "editor", async (who) => importStatement(who, utf8(STATEMENT_CSV), "a.csv", { kind: "master", masterGuid: await newMaster(), isPublic: false })],
  ["keyOfStrategy", "admin", async (who) => keyOfStrategy(who, await newStrategy(), randomUUID())],
  ["updateStrategy (texts)", "editor", async (who) => updateStrategy(who, await newStrategy(), { ...STRATEGY, name: "新名字" })],
  ["createStrategy", "admin", (who) => createStrategy(who, STRATEGY)],
  ["createStrategyKey", "admin", async (who) => createStrategyKey(who, await newStrategy())],
  ["revokeStrategyKey", "admin", async (who) => { const guid = await newStrategy(); return revokeStrategyKey(who, (await createStrategyKey(OPERATOR, guid))!.id, guid); }],
  ["importNavCsv", "admin", async (who) => importNavCsv(who, await newStrategy(), utf8("date,nav\n2024-01-02,1\n"))],
  ["importFillsCsv", "admin", async (who) => importFillsCsv(who, await newStrategy(), utf8("date,time,code,name,side,quantity,price\n2024-01-02,10:00,000001,平安银行,buy,100,10\n"))],
  ["updatePlan", "admin", (who) => updatePlan(who, "vip-month", { name: "VIP 月卡", priceFen: 6800, active: true })],
  // Without a market data provider an administrator's request is refused as a conflict, which is not a role refusal.
  ["requestMarketSync", "admin", (who) => requestMarketSync(who).catch((err: unknown) => { if (!(err instanceof AppError)) throw err; })],
  ["marketSyncOverview", "admin", (who) => marketSyncOverview(who)],
];

const ALLOWED: Record<"editor" | "admin", Role[]> = { editor: ["editor", "admin"], admin: ["admin"] };

describeOnEachEngine("ADR 0028: the data layer refuses a wrong viewer itself", () => {
  const viewers = {} as Record<Role, Viewer>;

  beforeAll(async () => {
    for (const role of ["member", "editor", "admin"] as const) viewers[role] = (await userWithRole(role)).viewer;
  });

  it.each(CALLS)("%s: needs %s rights", async (_name, needs, call) => {
    const outcomes: [Role | "nobody", string][] = [];
    for (const role of ["member", "editor", "admin"] as const) {
      outcomes.push([role, await call(viewers[role]).then(() => "done", (err: unknown) => (err instanceof RoleRefusedError ? "refused" : `error: ${String(err)}`))]);
    }
    outcomes.push(["nobody", await call(null as unknown as Actor).then(() => "done", (err: unknown) => (err instanceof RoleRefusedError ? "refused" : String(err)))]);
    expect(outcomes).toEqual([
      ...(["member", "editor", "admin"] as const).map((role) => [role, ALLOWED[needs].includes(role) ? "done" : "refused"]),
      ["nobody", "refused"],
    ]);
  }, 60_000);

  it("an editor's price of ¥1 and an editor's change of a strategy's data store nothing", async () => {
    const [plan] = await (await db()).select().from(plans).where(eq(plans.id, "svip-year"));
    await expect(updatePlan(viewers.editor, "svip-year", { name: plan!.name, priceFen: 100, active: true })).rejects.toBeInstanceOf(RoleRefusedError);
    expect((await (await db()).select().from(plans).where(eq(plans.id, "svip-year")))[0]!.priceFen).toBe(plan!.priceFen);

    const guid = await newStrategy();
    for (const change of [{ status: "live" }, { startDate: "2023-06-01" }, { benchmark: "000905.SH" }] as const) {
      await expect(updateStrategy(viewers.editor, guid, { ...STRATEGY, ...change })).rejects.toMatchObject({ code: "forbidden", message: "策略的状态、开始日期和基准只有管理员可以修改" });
    }
    expect((await (await db()).select().from(strategies).where(eq(strategies.guid, guid)))[0]).toMatchObject({ status: "paper", startDate: "2024-01-02", benchmark: "000300.SH" });
    await expect(updateStrategy(viewers.admin, guid, { ...STRATEGY, status: "live", benchmark: "000905.SH" })).resolves.toBeUndefined();
  });

  it("a member's private statement is members' data: its owner and administrators read it, editors and others do not", async () => {
    const owner = await userWithRole("member", "owner");
    const { statementId } = await saveOwnStatement(owner.viewer, utf8(STATEMENT_CSV), "mine.csv", false);
    const readers = await Promise.all([owner.viewer, viewers.member, viewers.editor, viewers.admin, null].map(async (who) => (await readableMemberStatement(who, statementId)) !== null));
    expect(readers).toEqual([true, false, false, true, false]);
  });

  it("a member can neither rename a master nor publish or delete its statements", async () => {
    const statementId = await newStatement();
    const [row] = await (await db()).select().from(statements).where(eq(statements.id, statementId));
    await expect(updateMaster(viewers.member, row!.masterGuid!, { name: "被改了" })).rejects.toBeInstanceOf(RoleRefusedError);
    await expect(publishMasterStatement(viewers.member, statementId)).rejects.toBeInstanceOf(RoleRefusedError);
    await expect(deleteStatement(viewers.member, statementId)).rejects.toBeInstanceOf(RoleRefusedError);
    expect((await (await db()).select().from(statements).where(eq(statements.id, statementId)))[0]!.isPublic).toBe(false);
    expect((await (await db()).select().from(masters).where(eq(masters.guid, row!.masterGuid!)))[0]!.name).not.toBe("被改了");
  });
});
