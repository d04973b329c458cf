import "server-only";
import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { config } from "@/lib/config";
import { db, type Database } from "@/lib/db";
import { grants, strategies, strategyFollows, strategySignals, users } from "@/lib/db/schema";
import { membershipAt, type GrantPeriod } from "@/lib/domain/membership";
import { defineJobKind } from "@/lib/server/jobs/kind";
import type { JobContext } from "@/lib/server/jobs/queue";
import { logger } from "@/lib/server/logger";
import { deliver } from "@/lib/server/messaging/deliver";
import { mayMessage } from "@/lib/server/messaging/opt-outs";
import { createNotification } from "@/lib/server/notifications/create";
import { REALTRADE_LEVEL } from "./access";
import { signalColumns } from "./signal-rows";

export const SIGNAL_FANOUT_KIND = "signal-fanout";
const BATCH = 500;

/** Queues the fan-out of a new signal to its strategy's followers, in the transaction that stored the signal. */
export async function enqueueSignalFanout(tx: Pick<Database, "insert">, signalId: number): Promise<boolean> {
  return signalFanoutJob.enqueue(tx, { dedupeKey: `signal:${signalId}`, payload: { signalId } });
}

export interface SignalMessage {
  title: string;
  body: string;
}

/** "【策略名】买入 贵州茅台(600519)" and a one-line body with date, time, price, weight and note. */
export function signalMessage(
  strategyName: string,
  s: { side: "buy" | "sell"; name: string; code: string; signalDate: string; signalTime: string | null; price: number | null; weight: number | null; note: string },
): SignalMessage {
  const parts = [`${s.signalDate}${s.signalTime ? ` ${s.signalTime}` : ""}`];
  if (s.price !== null) parts.push(`参考价 ${s.price.toFixed(2)} 元`);
  if (s.weight !== null) parts.push(`目标仓位 ${(s.weight * 100).toFixed(1).replace(/\.0$/, "")}%`);
  if (s.note) parts.push(s.note);
  return { title: `【${strategyName}】${s.side === "buy" ? "买入" : "卖出"} ${s.name}(${s.code})`, body: parts.join("，") };
}

/**
 * The fan-out job: one site notification per follower entitled to signals at send time (SVIP), once per signal and
 * follower (`signal:<signalId>:<userId>`), and one e-mail to those who opted in, sent only when that notification is
 * new, so a job that runs twice sends nothing twice. A failed e-mail is logged, not retried (at most once).
 */
async function fanOutSignal({ signalId }: { signalId: number }, { now }: JobContext): Promise<void> {
  const database = await db();
  const [signal] = await database
    .select({
      id: strategySignals.id,
      strategyGuid: strategySignals.strategyGuid,
      strategyName: strategies.name,
      ...signalColumns,
    })
    .from(strategySignals)
    .innerJoin(strategies, eq(strategies.guid, strategySignals.strategyGuid))
    .where(eq(strategySignals.id, signalId));
  if (!signal) return; // deleted with its strategy: nothing to tell
  const message = signalMessage(signal.strategyName, signal);
  const followers = await database
    .select({ userId: strategyFollows.userId, emailSignals: strategyFollows.emailSignals, email: users.email })
    .from(strategyFollows)
    .innerJoin(users, eq(users.id, strategyFollows.userId))
    .where(eq(strategyFollows.strategyGuid, signal.strategyGuid))
    .orderBy(strategyFollows.userId);
  let notified = 0;
  let mailed = 0;
  for (let i = 0; i < followers.length; i += BATCH) {
    const batch = followers.slice(i, i + BATCH);
    const rows = await database
      .select({ userId: grants.userId, levelId: grants.levelId, startsAt: grants.startsAt, endsAt: grants.endsAt })
      .from(grants)
      .where(inArray(grants.userId, batch.map((f) => f.userId)));
    const periods = new Map<string, GrantPeriod[]>();
    for (const { userId, ...period } of rows) periods.set(userId, [...(periods.get(userId) ?? []), period]);
    for (const follower of batch) {
      if (membershipAt(periods.get(follower.userId) ?? [], now).level.levelId < REALTRADE_LEVEL) continue;
      const isNew = await createNotification(
        { userId: follower.userId, kind: "signal", title: message.title, body: message.body, link: "/quant/trade", dedupeKey: `signal:${signal.id}:${follower.userId}` },
        database,
      );
      if (!isNew) continue;
      notified++;
      if (!follower.emailSignals || !follower.email || !(await mayMessage(follower.userId, "signals"))) continue;
      try {
        await deliver({ channel: "email", to: follower.email, subject: message.title, text: signalEmailText(message) });
        mailed++;
      } catch (err) {
        logger().error({ err, signalId: signal.id, userId: follower.userId }, "signal e-mail failed");
      }
    }
  }
  if (notified > 0) logger().info({ signalId: signal.id, notified, mailed }, "signal fanned out");
}

export const signalFanoutJob = defineJobKind({ name: SIGNAL_FANOUT_KIND, payload: z.object({ signalId: z.int() }), handle: fanOutSignal });

export const handleSignalFanout = signalFanoutJob.run;

function signalEmailText(message: SignalMessage): string {
  const site = config().siteUrl.replace(/\/$/, "");
  return [
    message.title,
    "",
    message.body,
    "",
    `查看详情：${site}/quant/trade`,
    "",
    "你关注了这个策略并开启了邮件提醒；在“跟单”页面可以关闭邮件提醒或取消关注。",
    "策略信号仅供学习研究，不构成投资建议。股市有风险，投资需谨慎。",
  ].join("\n");
}
