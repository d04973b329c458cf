import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { isGuid } from "@/lib/domain/route-params";
import { sessionOfRequest } from "@/lib/server/auth/request-session";
import { hasAdminRights, hasEditorRights } from "@/lib/server/auth/roles";
import { fail } from "@/lib/server/http";
import { logger } from "@/lib/server/logger";
import { createStrategyKey, revokeStrategyKey } from "@/lib/server/quant/api-keys";
import { keyOfStrategy, StrategyInput, strategyExists, updateStrategy } from "@/lib/server/quant/strategies-admin";
import { readJsonBody } from "@/lib/server/request-body";
import { isSameOrigin } from "@/lib/server/security/request-meta";

const Body = z.discriminatedUnion(
  "action",
  [
    StrategyInput.extend({ action: z.literal("update") }),
    z.object({ action: z.literal("createKey") }),
    z.object({ action: z.literal("revokeKey"), keyId: z.guid("密钥编号无效") }),
  ],
  { error: "参数无效" },
);

type Props = { params: Promise<{ guid: string }> };

/**
 * On one strategy: `{action:"update", ...profile}` edits it (editors its texts, administrators also status, start
 * date and benchmark); `{action:"createKey"}` makes an ingest key and answers it once as `{message, id, prefix, key}`;
 * `{action:"revokeKey", keyId}` revokes one of its keys (administrators only, ADR 0028).
 */
export async function POST(req: NextRequest, { params }: Props) {
  if (!isSameOrigin(req.headers)) return fail(403, "请求来源无效");
  try {
    const session = await sessionOfRequest(req);
    if (!session) return fail(401, "请先登录");
    if (!hasEditorRights(session.viewer)) return fail(403, "没有权限");
    const { guid: raw } = await params;
    if (!isGuid(raw)) return fail(404, "策略不存在");
    const guid = raw.toLowerCase();
    const json = await readJsonBody(req);
    if (!json.ok) return json.refusal;
    const parsed = Body.safeParse(json.value, { error: () => "参数无效" });
    if (!parsed.success) return fail(400, parsed.error.issues[0]?.message ?? "参数无效");
    const body = parsed.data;
    if (!(await strategyExists(guid))) return fail(404, "策略不存在");
    const by = session.viewer.userId;

    if (body.action === "update") {
      const outcome = await updateStrategy(session.viewer, guid, {
        name: body.name,
        author: body.author,
        description: body.description,
        style: body.style,
        status: body.status,
        startDate: body.startDate,
        benchmark: body.benchmark,
      });
      if (!outcome.ok) return fail(outcome.status, outcome.message);
      logger().info({ guid, by }, "strategy updated");
      return NextResponse.json({ message: "已保存" });
    }
    if (!hasAdminRights(session.viewer)) return fail(403, "接入密钥只有管理员可以管理");
    if (body.action === "createKey") {
      const made = await createStrategyKey(session.viewer, guid);
      if (!made) return fail(404, "策略不存在");
      logger().info({ guid, keyId: made.id, prefix: made.prefix, by }, "strategy key created");
      return NextResponse.json({ message: "已创建接入密钥", id: made.id, prefix: made.prefix, key: made.key }, { headers: { "Cache-Control": "no-store" } });
    }
    const key = await keyOfStrategy(guid, body.keyId);
    if (!key) return fail(404, "密钥不存在");
    if (key.revoked || !(await revokeStrategyKey(session.viewer, body.keyId, guid))) return fail(409, "该密钥已吊销");
    logger().info({ guid, keyId: body.keyId, by }, "strategy key revoked");
    return NextResponse.json({ message: "密钥已吊销" });
  } catch (err) {
    logger().error({ err }, "strategy change failed");
    return fail(500, "服务器内部错误，请稍后再试");
  }
}
