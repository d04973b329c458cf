import { NextResponse } from "next/server";
import { z } from "zod";
import { StrategyChange } from "@/lib/domain/quant/schemas";
import { isGuid } from "@/lib/domain/route-params";
import { hasAdminRights } from "@/lib/server/auth/roles";
import { AppError, route } from "@/lib/server/http";
import { logger } from "@/lib/server/logger";
import { createStrategyKey, revokeStrategyKey } from "@/lib/server/quant/api-keys";
import { findStrategy } from "@/lib/server/quant/find-strategy";
import { keyOfStrategy, updateStrategy } from "@/lib/server/quant/strategies-admin";

const Params = z.object({ guid: z.string().refine(isGuid, "策略不存在").transform((guid) => guid.toLowerCase()) });

/**
 * On one strategy: `{action:"update", ...profile}` edits it (editors its texts, administrators also status, start
 * date and benchmark); `{action:"createKey"}` makes an ingest key and answers it once as `{message, id, prefix, key}`;
 * `{action:"revokeKey", keyId}` revokes one of its keys (administrators only, ADR 0028).
 */
export const POST = route(
  { name: "strategy change", auth: "editor", params: Params, body: StrategyChange, errorMap: () => "参数无效" },
  async ({ viewer, params: { guid }, body }) => {
    if (!(await findStrategy(viewer, guid))) throw new AppError("not_found", "策略不存在");
    const by = viewer.userId;

    if (body.action === "update") {
      await updateStrategy(viewer, guid, body);
      logger().info({ guid, by }, "strategy updated");
      return { message: "已保存" };
    }
    if (!hasAdminRights(viewer)) throw new AppError("forbidden", "接入密钥只有管理员可以管理");
    if (body.action === "createKey") {
      const made = await createStrategyKey(viewer, guid);
      if (!made) throw new AppError("not_found", "策略不存在");
      logger().info({ guid, keyId: made.id, prefix: made.prefix, by }, "strategy key created");
      return NextResponse.json({ message: "已创建接入密钥", id: made.id, prefix: made.prefix, key: made.key }, { headers: { "Cache-Control": "no-store" } });
    }
    const key = await keyOfStrategy(viewer, guid, body.keyId);
    if (!key) throw new AppError("not_found", "密钥不存在");
    if (key.revoked || !(await revokeStrategyKey(viewer, body.keyId, guid))) throw new AppError("conflict", "该密钥已吊销");
    logger().info({ guid, keyId: body.keyId, by }, "strategy key revoked");
    return { message: "密钥已吊销" };
  },
);
