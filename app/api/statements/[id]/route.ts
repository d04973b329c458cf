import { NextResponse } from "next/server";
import { z } from "zod";
import { isGuid } from "@/lib/domain/route-params";
import { OwnStatementAction } from "@/lib/domain/statements/schemas";
import { AppError, route } from "@/lib/server/http";
import { deleteOwnStatement, setOwnStatementVisibility } from "@/lib/server/statements/own";

const DONE = { delete: "交割单已删除", publish: "已公开到你的主页", unpublish: "已设为仅自己可见" } as const;

/** Any string: a malformed id is a bad request here (400, not 404); the form only sends ids it was given. */
const Params = z.object({ id: z.string() });

/** A member publishes, hides or deletes one of their own statements. */
export const POST = route({ name: "statement action", auth: "member", params: Params, body: OwnStatementAction }, async ({ viewer, params: { id }, body: { action } }) => {
  if (!isGuid(id)) throw new AppError("invalid", "请求参数无效");
  const done = action === "delete" ? await deleteOwnStatement(viewer, id) : await setOwnStatementVisibility(viewer, id, action === "publish");
  if (!done) throw new AppError("not_found", "交割单不存在");
  return NextResponse.json({ message: DONE[action] }, { headers: { "Cache-Control": "no-store" } });
});
