import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { isGuid, isTradingDateString } from "@/lib/domain/route-params";
import { requestToken } from "@/lib/server/auth/request-session";
import { hasEditorRights } from "@/lib/server/auth/roles";
import { viewerForToken } from "@/lib/server/auth/viewer";
import { fail } from "@/lib/server/http";
import { logger } from "@/lib/server/logger";
import { readJsonBody } from "@/lib/server/request-body";
import { isSameOrigin } from "@/lib/server/security/request-meta";
import { chineseIssues, statementOfMaster } from "@/lib/server/statements/admin-list";
import { deleteStatement, publishMasterStatement } from "@/lib/server/statements/import";
import { masterExists, MasterInput, NoteInput, setTradeNote, updateMaster } from "@/lib/server/statements/masters-admin";

const Body = z.discriminatedUnion(
  "action",
  [
    MasterInput.extend({ action: z.literal("update") }),
    NoteInput.extend({
      action: z.literal("note"),
      tradeDate: NoteInput.shape.tradeDate.refine(isTradingDateString, "日期无效"),
    }),
    z.object({ action: z.literal("publish"), statementId: z.guid("交割单编号无效") }),
    z.object({ action: z.literal("delete"), statementId: z.guid("交割单编号无效") }),
  ],
  { error: "参数无效" },
);

type Props = { params: Promise<{ guid: string }> };

/**
 * Staff, on one master: `{action:"update", ...MasterInput}` edits the profile and the disclosure delay;
 * `{action:"note", tradeDate, code, note}` sets a trade-day note (an empty note removes it);
 * `{action:"publish"|"delete", statementId}` publishes a draft or deletes a statement of this master.
 */
export async function POST(req: NextRequest, { params }: Props) {
  if (!isSameOrigin(req.headers)) return fail(403, "请求来源无效");
  try {
    const viewer = await viewerForToken(requestToken(req));
    if (!viewer) return fail(401, "请先登录");
    if (!hasEditorRights(viewer)) return fail(403, "没有权限");
    const { guid } = await params;
    if (!isGuid(guid)) return fail(404, "大神不存在");
    const json = await readJsonBody(req);
    if (!json.ok) return json.refusal;
    const parsed = Body.safeParse(json.value, { error: chineseIssues });
    if (!parsed.success) return fail(400, parsed.error.issues[0]?.message ?? "参数无效");
    const body = parsed.data;
    if (!(await masterExists(guid))) return fail(404, "大神不存在");

    if (body.action === "update") {
      const row = await updateMaster(viewer, guid, { name: body.name, bio: body.bio, styleTags: body.styleTags, disclosureDelayDays: body.disclosureDelayDays });
      if (!row) return fail(404, "大神不存在");
      return NextResponse.json({ message: "已保存" });
    }
    if (body.action === "note") {
      await setTradeNote(viewer, guid, { tradeDate: body.tradeDate, code: body.code, note: body.note });
      return NextResponse.json({ message: body.note ? "点评已保存" : "点评已删除" });
    }
    const statement = await statementOfMaster(guid, body.statementId);
    if (!statement) return fail(404, "交割单不存在");
    if (body.action === "publish") {
      if (statement.isPublic) return fail(409, "该交割单已公开");
      if (!(await publishMasterStatement(viewer, statement.id))) return fail(409, "该交割单已公开");
      logger().info({ guid, statementId: statement.id, by: viewer.userId }, "master statement published");
      return NextResponse.json({ message: "已公开" });
    }
    if (!(await deleteStatement(viewer, statement.id))) return fail(404, "交割单不存在");
    logger().info({ guid, statementId: statement.id, by: viewer.userId }, "master statement deleted");
    return NextResponse.json({ message: "已删除" });
  } catch (err) {
    logger().error({ err }, "master change failed");
    return fail(500, "服务器内部错误，请稍后再试");
  }
}
