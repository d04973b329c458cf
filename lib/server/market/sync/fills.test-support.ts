import "server-only";
import { db } from "@/lib/db";
import { statementFills, statements, strategies, strategyFills } from "@/lib/db/schema";
import { OPERATOR } from "@/lib/server/auth/roles";
import { createUser } from "@/lib/server/members/users";
import { createMaster } from "@/lib/server/statements/masters-admin";

export interface TestFill {
  date: string;
  code: string;
  market?: "A" | "HK";
}

let files = 0;

function fillRow(statementId: string, masterGuid: string | null, fill: TestFill, line: number) {
  return {
    statementId, masterGuid, line, tradeDate: fill.date, code: fill.code, exchange: fill.market === "HK" ? "HK" : "SH", market: fill.market ?? ("A" as const),
    name: `股票${fill.code}`, side: "buy" as const, quantity: 100, price: 10, amount: 1000,
  };
}

/** A master's statement holding these fills. */
export async function masterStatement(fills: TestFill[]): Promise<void> {
  const database = await db();
  const master = await createMaster(OPERATOR, { name: `高手${++files}` });
  const [st] = await database.insert(statements).values({
    masterGuid: master.guid, fileName: `m${files}.csv`, fileHash: `master-${files}`, fileSize: 1, format: "generic", formatLabel: "通用格式",
    encoding: "utf-8", rowCount: fills.length, fillCount: fills.length, eventCount: 0, isPublic: true,
  }).returning({ id: statements.id });
  await database.insert(statementFills).values(fills.map((f, i) => fillRow(st!.id, master.guid, f, i + 2)));
}

/** A member's own statement holding these fills. */
export async function memberStatement(fills: TestFill[]): Promise<void> {
  const database = await db();
  const owner = await createUser({ email: `member${++files}@example.com` });
  const [st] = await database.insert(statements).values({
    ownerId: owner.id, fileName: `u${files}.csv`, fileHash: `member-${files}`, fileSize: 1, format: "generic", formatLabel: "通用格式",
    encoding: "utf-8", rowCount: fills.length, fillCount: fills.length, eventCount: 0,
  }).returning({ id: statements.id });
  await database.insert(statementFills).values(fills.map((f, i) => fillRow(st!.id, null, f, i + 2)));
}

/** A strategy with these fills. */
export async function strategyWithFills(fills: TestFill[]): Promise<void> {
  const database = await db();
  const [strategy] = await database.insert(strategies).values({ name: `策略${++files}`, author: "测试", status: "paper", startDate: fills[0]!.date }).returning({ guid: strategies.guid });
  await database.insert(strategyFills).values(fills.map((f) => ({
    strategyGuid: strategy!.guid, tradeDate: f.date, code: f.code, name: `股票${f.code}`, side: "buy" as const, quantity: 100, price: 10, amount: 1000,
  })));
}
