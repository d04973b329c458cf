import "server-only";
import { dailyMarketSync, marketDailyJob, marketSyncJob } from "@/lib/server/market/sync/jobs";
import { expiryRemindersJob, hourlyExpiryReminders } from "@/lib/server/notifications/expiry";
import { paymentMailJob } from "@/lib/server/payments/mail";
import { signalFanoutJob } from "@/lib/server/quant/signal-fanout";
import { baiduPushJob } from "@/lib/server/seo/baidu-push";
import { auditRefreshJob, auditRefreshSchedule } from "@/lib/server/statements/audit-refresh";
import type { JobKind } from "./kind";
import type { JobHandlers } from "./queue";
import type { ScheduledJobKind } from "./scheduled";

/** Every kind of background work the job worker runs. A new kind is defined beside its work and listed here. */
export const jobKinds: readonly JobKind[] = [signalFanoutJob, paymentMailJob, marketSyncJob, marketDailyJob, expiryRemindersJob, auditRefreshJob, baiduPushJob];

/** The kinds the worker queues on a schedule (their kinds are in `jobKinds` too). */
export const scheduledJobKinds: readonly ScheduledJobKind[] = [hourlyExpiryReminders, dailyMarketSync, auditRefreshSchedule];

export function registeredJobHandlers(): JobHandlers {
  return Object.fromEntries(jobKinds.map((kind) => [kind.name, kind.run]));
}
