import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { jobs } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { userWithRole } from "@/lib/server/auth/viewers.test-support";
import { runDueJobs } from "@/lib/server/jobs/queue";
import { MARKET_SYNC_KIND } from "@/lib/server/market/sync/jobs";
import { providerSwitch } from "@/lib/server/market/sync/provider-env.test-support";
import { postEmpty, type Sender } from "../../../request.test-support";
import { POST } from "./route";

process.env.LOG_LEVEL = "silent";

async function post(sender: Sender = {}) {
  const res = await POST(postEmpty("/api/admin/market/sync", sender));
  return { status: res.status, body: (await res.json()) as { ok?: boolean; message?: string } };
}

const syncJobs = async () => (await db()).select().from(jobs).where(eq(jobs.kind, MARKET_SYNC_KIND));

const useProvider = providerSwitch();

describeOnEachEngine("POST /api/admin/market/sync (同步行情)", () => {
  const tokens = {} as Record<"member" | "editor" | "admin", string>;
  beforeAll(async () => {
    for (const role of ["member", "editor", "admin"] as const) tokens[role] = (await userWithRole(role)).token;
  });

  it("lets administrators only: a visitor is asked to log in, members and editors are refused, a foreign origin too", async () => {
    useProvider("eastmoney");
    expect(await post()).toEqual({ status: 401, body: { message: "请先登录" } });
    expect(await post({ token: tokens.member })).toEqual({ status: 403, body: { message: "访问被拒绝" } });
    expect(await post({ token: tokens.editor })).toEqual({ status: 403, body: { message: "访问被拒绝" } });
    expect(await post({ token: tokens.admin, origin: "https://evil.example" })).toEqual({ status: 403, body: { message: "请求来源无效" } });
    expect(await syncJobs()).toHaveLength(0);
  });

  it("queues one sync of every code with trigger admin (202), and says so again while it waits", async () => {
    useProvider("eastmoney");
    expect(await post({ token: tokens.admin })).toEqual({ status: 202, body: { ok: true, message: "已开始同步行情，完成后刷新本页查看结果" } });
    expect(await post({ token: tokens.admin })).toEqual({ status: 202, body: { ok: true, message: "同步已在进行中，完成后刷新本页查看结果" } });
    const queued = await syncJobs();
    expect(queued).toHaveLength(1);
    expect(queued[0]!.payload).toEqual({ trigger: "admin" });
    expect(queued[0]!.dedupeKey).toMatch(/^market-sync:admin:/);

    // once that job has run, the button queues a new one
    await runDueJobs({ [MARKET_SYNC_KIND]: async () => undefined });
    expect((await post({ token: tokens.admin })).status).toBe(202);
    expect(await syncJobs()).toHaveLength(2);
  });

  it("without a provider answers 409 with what to configure, and queues nothing", async () => {
    useProvider("none");
    const before = (await syncJobs()).length;
    expect(await post({ token: tokens.admin })).toEqual({
      status: 409,
      body: { message: "未配置行情数据源：设置 MARKET_DATA_PROVIDER=tushare（并设置 TUSHARE_TOKEN）或 eastmoney" },
    });
    expect(await syncJobs()).toHaveLength(before);
  });
});
