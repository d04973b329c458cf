import "server-only";
import { z } from "zod";
import { config } from "@/lib/config";
import { absoluteUrl } from "@/lib/domain/seo";
import type { Database } from "@/lib/db";
import { defineJobKind } from "@/lib/server/jobs/kind";
import { logger } from "@/lib/server/logger";

/** Baidu takes at most 2,000 URLs per submission. */
const MAX_URLS = 2_000;
const PUSH_TIMEOUT_MS = 10_000;

/** What 百度搜索资源平台's link submission answers: the day's quota left and the URLs taken, or an error. */
const BaiduAnswer = z.object({
  success: z.number().optional(),
  remain: z.number().optional(),
  not_same_site: z.array(z.string()).optional(),
  not_valid: z.array(z.string()).optional(),
  error: z.number().optional(),
  message: z.string().optional(),
});

export class BaiduPushRefused extends Error {}

/**
 * Submits the site's `paths` to Baidu (普通收录 API: POST {endpoint}?site=…&token=…, one absolute URL per line, text/
 * plain). Answers how many Baidu took; a refusal (a bad token, the day's quota spent, a URL of another site) throws.
 */
export async function pushToBaidu(paths: readonly string[], push = config().baiduPush): Promise<{ success: number; remain: number | null }> {
  if (!push) throw new BaiduPushRefused("BAIDU_PUSH_TOKEN is not set");
  const { siteUrl } = config();
  const url = new URL(push.endpoint);
  url.searchParams.set("site", siteUrl);
  url.searchParams.set("token", push.token);
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "text/plain" },
    body: paths.map((p) => absoluteUrl(siteUrl, p)).join("\n"),
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
  });
  const text = await res.text();
  let answer: z.infer<typeof BaiduAnswer>;
  try {
    answer = BaiduAnswer.parse(JSON.parse(text));
  } catch {
    throw new BaiduPushRefused(`Baidu link submission answered ${res.status} with something that is not its JSON: ${text.slice(0, 200)}`);
  }
  if (!res.ok || answer.error !== undefined) {
    throw new BaiduPushRefused(`Baidu link submission refused (${answer.error ?? res.status}): ${answer.message ?? text.slice(0, 200)}`);
  }
  const rejected = [...(answer.not_same_site ?? []), ...(answer.not_valid ?? [])];
  if (rejected.length) logger().warn({ rejected }, "Baidu link submission left out URLs");
  return { success: answer.success ?? 0, remain: answer.remain ?? null };
}

/** The push of new pages, in the background: a refused or failed one is retried with the queue's backoff. */
export const baiduPushJob = defineJobKind({
  name: "baidu-push",
  payload: z.object({ paths: z.array(z.string().startsWith("/")).min(1).max(MAX_URLS) }),
  async handle({ paths }) {
    if (!config().baiduPush) return; // the token was removed since: nothing to do
    const { success, remain } = await pushToBaidu(paths);
    logger().info({ paths: paths.length, success, remain }, "pushed new pages to Baidu");
  },
});

/**
 * Queues the push of new public pages (an article, a master, a member's post) when BAIDU_PUSH_TOKEN is set; `key`
 * names the event so it is pushed once. Nothing is queued otherwise.
 */
export async function queueBaiduPush(database: Pick<Database, "insert">, key: string, paths: string[]): Promise<boolean> {
  if (!config().baiduPush || paths.length === 0) return false;
  return baiduPushJob.enqueue(database, { dedupeKey: `baidu-push:${key}`, payload: { paths } });
}
