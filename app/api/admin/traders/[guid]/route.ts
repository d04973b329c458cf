import { z } from "zod";
import { isGuid } from "@/lib/domain/route-params";
import { chineseIssues, MasterChange } from "@/lib/domain/statements/schemas";
import { findMaster } from "@/lib/server/content/masters";
import { AppError, route } from "@/lib/server/http";
import { logger } from "@/lib/server/logger";
import { statementOfMaster } from "@/lib/server/statements/admin-list";
import { deleteStatement, publishMasterStatement } from "@/lib/server/statements/import";
import { setTradeNote, updateMaster } from "@/lib/server/statements/masters-admin";

const Params = z.object({ guid: z.string().refine(isGuid, "大神不存在") });

/**
 * Staff, on one master: `{action:"update", ...MasterInput}` edits the profile and the disclosure delay;
 * `{action:"note", tradeDate, code, note}` sets a trade-day note (an empty note removes it);
 * `{action:"publish"|"delete", statementId}` publishes a draft or deletes a statement of this master.
 */
export const POST = route({ name: "master change", auth: "editor", params: Params, body: MasterChange, errorMap: chineseIssues }, async ({ viewer, params: { guid }, body }) => {
  if (!(await findMaster(viewer, guid))) throw new AppError("not_found", "大神不存在");

  if (body.action === "update") {
    const row = await updateMaster(viewer, guid, { name: body.name, bio: body.bio, styleTags: body.styleTags, disclosureDelayDays: body.disclosureDelayDays });
    if (!row) throw new AppError("not_found", "大神不存在");
    return { message: "已保存" };
  }
  if (body.action === "note") {
    await setTradeNote(viewer, guid, { tradeDate: body.tradeDate, code: body.code, note: body.note });
    return { message: body.note ? "点评已保存" : "点评已删除" };
  }
  const statement = await statementOfMaster(viewer, guid, body.statementId);
  if (!statement) throw new AppError("not_found", "交割单不存在");
  if (body.action === "publish") {
    if (statement.isPublic || !(await publishMasterStatement(viewer, statement.id))) throw new AppError("conflict", "该交割单已公开");
    logger().info({ guid, statementId: statement.id, by: viewer.userId }, "master statement published");
    return { message: "已公开" };
  }
  if (!(await deleteStatement(viewer, statement.id))) throw new AppError("not_found", "交割单不存在");
  logger().info({ guid, statementId: statement.id, by: viewer.userId }, "master statement deleted");
  return { message: "已删除" };
});
