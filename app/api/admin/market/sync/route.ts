import { NextResponse } from "next/server";
import { route } from "@/lib/server/http";
import { requestMarketSync } from "@/lib/server/market/sync/admin";

/**
 * Administrators: the 同步行情 button. Queues a sync of every traded stock, the 沪深300 and the calendar; the job worker
 * runs it, so the answer (202) comes at once. 409 with what to configure when no market data provider is set.
 */
export const POST = route({ name: "market sync request", auth: "admin", forbiddenMessage: "访问被拒绝" }, async ({ viewer }) => {
  const { alreadyQueued } = await requestMarketSync(viewer);
  const message = alreadyQueued ? "同步已在进行中，完成后刷新本页查看结果" : "已开始同步行情，完成后刷新本页查看结果";
  return NextResponse.json({ ok: true, message }, { status: 202 });
});
