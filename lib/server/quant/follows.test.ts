import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, isNull } from "drizzle-orm";
import { db } from "@/lib/db";
import { jobs, notifications, strategies, strategySignals } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import type { UserInfo } from "@/lib/domain/user-info";
import type { Viewer } from "@/lib/server/auth/viewer";
import { grantDays } from "@/lib/server/members/grants";
import { createUser } from "@/lib/server/members/users";
import { readOutbox } from "@/lib/server/messaging/outbox";
import { FOLLOW_LIMITS } from "./access";
import { followedStrategies, followStrategy, isFollowing, setEmailSignals, unfollowStrategy } from "./follows";
import { runDueJobs } from "@/lib/server/jobs/queue";
import { enqueueSignalFanout, handleSignalFanout, SIGNAL_FANOUT_KIND, signalMessage } from "./signal-fanout";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lianghua-quant-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = "silent";
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const NOW = new Date("2026-11-20T02:00:00Z");

async function member(email: string, levelId: 0 | 100 | 200): Promise<Viewer> {
  const user = await createUser({ email });
  if (levelId !== 0) await grantDays({ userId: user.id, levelId, days: 3650, source: "admin", sourceKey: `test:${user.id}` });
  return { userId: user.id, role: "member", userInfo: { levelId } as UserInfo };
}

async function addStrategies(prefix: string, n: number): Promise<string[]> {
  const rows = await (await db())
    .insert(strategies)
    .values(Array.from({ length: n }, (_, i) => ({ name: `${prefix}${i + 1}`, author: "测试", status: "live" as const, startDate: "2026-01-05" })))
    .returning({ guid: strategies.guid });
  return rows.map((r) => r.guid);
}

async function addSignal(guid: string, externalId: string, date: string, code = "600519", name = "贵州茅台"): Promise<number> {
  const [row] = await (await db())
    .insert(strategySignals)
    .values({ strategyGuid: guid, externalId, signalDate: date, signalTime: "09:25:00", code, name, side: "buy", price: 1500, weight: 0.2, note: "" })
    .returning({ id: strategySignals.id });
  return row!.id;
}

const fanoutHandlers = { [SIGNAL_FANOUT_KIND]: handleSignalFanout };
const signalNotifications = async (userId: string) =>
  (await db()).select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, "signal")));

describeOnEachEngine("quant: follows and the signal fan-out", (engine) => {
  const addr = (name: string) => `${name}-${engine}@example.com`;

  it("limits follows by tier with a clear message, idempotently", async () => {
    const guids = await addStrategies("关注上限", 12);
    expect(FOLLOW_LIMITS).toEqual({ 0: 1, 100: 10, 200: Infinity });

    const free = await member(addr("free"), 0);
    expect(await followStrategy(free, guids[0]!)).toMatchObject({ following: true, emailSignals: false });
    expect(await followStrategy(free, guids[0]!)).toMatchObject({ following: true }); // again: no-op
    await expect(followStrategy(free, guids[1]!)).rejects.toMatchObject({ code: "conflict", message: "普通会员最多关注 1 个策略，升级 VIP 可关注 10 个" });
    expect(await unfollowStrategy(free, guids[0]!)).toMatchObject({ following: false });
    expect(await followStrategy(free, guids[1]!)).toMatchObject({ following: true });
    expect(await isFollowing(free, guids[1]!)).toBe(true);
    expect(await isFollowing(free, guids[0]!)).toBe(false);

    const vip = await member(addr("vip"), 100);
    for (const guid of guids.slice(0, 10)) expect((await followStrategy(vip, guid)).following).toBe(true);
    await expect(followStrategy(vip, guids[10]!)).rejects.toMatchObject({ code: "conflict", message: "VIP 最多关注 10 个策略，升级 SVIP 不限" });

    const svip = await member(addr("svip"), 200);
    for (const guid of guids) expect((await followStrategy(svip, guid)).following).toBe(true);
    expect((await followedStrategies(svip, NOW)).items).toHaveLength(12);

    // Two requests at once cannot pass the limit together.
    const racer = await member(addr("racer"), 0);
    const outcomes = await Promise.allSettled([followStrategy(racer, guids[2]!), followStrategy(racer, guids[3]!)]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect((await followedStrategies(racer, NOW)).items).toHaveLength(1);

    await expect(followStrategy(free, "00000000-0000-4000-8000-00000000dead")).rejects.toMatchObject({ code: "not_found", message: "策略不存在" });
    await expect(followStrategy(null, guids[0]!)).rejects.toMatchObject({ code: "unauthenticated" });

    expect(await setEmailSignals(free, guids[1]!, true)).toBe(true);
    expect(await setEmailSignals(free, guids[0]!, true)).toBe(false); // not followed
    expect(await followStrategy(free, guids[1]!, { email: false })).toMatchObject({ following: true, emailSignals: false });
  });

  it("shows SVIP the latest signals and others only signals older than the delay, with a note", async () => {
    const [guid] = await addStrategies("信号可见", 1);
    for (const [i, date] of ["2026-11-10", "2026-11-11", "2026-11-12", "2026-11-13", "2026-11-16", "2026-11-18", "2026-11-20"].entries()) {
      await addSignal(guid!, `vis-${i}`, date);
    }
    const svip = await member(addr("vis-svip"), 200);
    const vip = await member(addr("vis-vip"), 100);
    await followStrategy(svip, guid!, { email: true });
    await followStrategy(vip, guid!);
    const seen = await followedStrategies(svip, NOW);
    expect(seen).toMatchObject({ delayed: false, note: null, through: "2026-11-20" });
    expect(seen.items[0]!.signals.map((s) => s.date)).toEqual(["2026-11-20", "2026-11-18", "2026-11-16", "2026-11-13", "2026-11-12"]);
    expect(seen.items[0]).toMatchObject({ emailSignals: true, name: "信号可见1" });
    const late = await followedStrategies(vip, NOW);
    expect(late).toMatchObject({ delayed: true, through: "2026-11-13", limit: 10 });
    expect(late.note).toContain("SVIP");
    expect(late.items[0]!.signals.map((s) => s.date)).toEqual(["2026-11-13", "2026-11-12", "2026-11-11", "2026-11-10"]);
    expect(late.items[0]!.signals[0]).toMatchObject({ code: "600519", side: "buy", price: 1500, weight: 0.2 });
    expect((await followedStrategies(null, NOW)).items).toEqual([]);
  });

  it("fans a signal out once to SVIP followers, e-mailing only those who opted in", async () => {
    const [guid] = await addStrategies("扇出", 1);
    const mailMe = await member(addr("fan-mail"), 200);
    const quiet = await member(addr("fan-quiet"), 200);
    const vip = await member(addr("fan-vip"), 100);
    const free = await member(addr("fan-free"), 0);
    await followStrategy(mailMe, guid!, { email: true });
    await followStrategy(quiet, guid!);
    await followStrategy(vip, guid!, { email: true });
    await followStrategy(free, guid!, { email: true });

    const database = await db();
    const signalId = await addSignal(guid!, "fan-1", "2026-11-20");
    expect(await database.transaction((tx) => enqueueSignalFanout(tx, signalId))).toBe(true);
    expect(await enqueueSignalFanout(database, signalId)).toBe(false);
    expect((await runDueJobs(fanoutHandlers)).done).toBe(1);

    const title = "【扇出1】买入 贵州茅台(600519)";
    for (const viewer of [mailMe, quiet]) {
      const mine = await signalNotifications(viewer.userId);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ title, link: "/quant/trade", dedupeKey: `signal:${signalId}:${viewer.userId}` });
    }
    expect(await signalNotifications(vip.userId)).toEqual([]);
    expect(await signalNotifications(free.userId)).toEqual([]);
    const ours = new Set(["fan-mail", "fan-quiet", "fan-vip", "fan-free"].map(addr));
    const sent = () => readOutbox(dataDir, { limit: 100 }).filter((m) => m.subject === title && ours.has(m.to));
    const mails = sent();
    expect(mails.map((m) => m.to)).toEqual([addr("fan-mail")]);
    expect(mails[0]!.text).toContain("/quant/trade");

    // The job runs again (a lease ran out, a second instance): nothing is sent twice.
    await database.update(jobs).set({ doneAt: null, runAfter: new Date(0) }).where(eq(jobs.dedupeKey, `signal:${signalId}`));
    expect((await runDueJobs(fanoutHandlers)).done).toBe(1);
    await handleSignalFanout({ signalId }, { now: new Date(), attempt: 3 });
    expect(await signalNotifications(mailMe.userId)).toHaveLength(1);
    expect(sent()).toHaveLength(1);
    expect(await database.select().from(jobs).where(isNull(jobs.doneAt))).toEqual([]);
  });

  it("words the notification from the signal", () => {
    expect(
      signalMessage("龙头打板", { side: "sell", name: "平安银行", code: "000001", signalDate: "2026-11-20", signalTime: null, price: 10.5, weight: 0, note: "止损" }),
    ).toEqual({ title: "【龙头打板】卖出 平安银行(000001)", body: "2026-11-20，参考价 10.50 元，目标仓位 0%，止损" });
  });
});
