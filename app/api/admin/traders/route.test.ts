import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { masters, statements, tradeNotes } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { csvForm, postForm, postJson, routeContext, sessionTokens, statusAndMessage as answer, type Sender } from "../../request.test-support";
import { POST as statementsPost } from "./[guid]/statements/route";
import { POST as masterPost } from "./[guid]/route";
import { POST as createPost } from "./route";

process.env.LOG_LEVEL = "silent";

const create = (body: unknown, who: Sender = {}) => createPost(postJson("/api/admin/traders", body, who));

const act = (guid: string, body: unknown, who: Sender = {}) => masterPost(postJson(`/api/admin/traders/${guid}`, body, who), routeContext({ guid }));

function upload(guid: string, file: { name: string; text: string } | null, isPublic: string | null, who: Sender = {}) {
  const form = csvForm(file, isPublic === null ? {} : { public: isPublic });
  return statementsPost(postForm(`/api/admin/traders/${guid}/statements`, form, who), routeContext({ guid }));
}

const CSV = [
  "成交日期,成交时间,证券代码,证券名称,操作,成交数量,成交均价,成交金额,发生金额,手续费,印花税",
  "20240102,09:35:00,600519,贵州茅台,证券买入,100,1700.00,170000.00,-170005.00,5.00,0.00",
  "20240105,14:10:00,600519,贵州茅台,证券卖出,100,1750.00,175000.00,174907.50,5.00,87.50",
].join("\n");

describeOnEachEngine("POST /api/admin/traders…", () => {
  const tokens = sessionTokens("editor", "member");

  it("refuses foreign origins, visitors and members on every route, and changes nothing", async () => {
    const body = { name: "不该出现", bio: "", styleTags: [], disclosureDelayDays: 0 };
    const guid = randomUUID();
    expect(await answer(await create(body, { token: tokens.editor, origin: "https://evil.example" }))).toEqual([403, "请求来源无效"]);
    expect(await answer(await create(body))).toEqual([401, "请先登录"]);
    expect(await answer(await create(body, { token: "forged" }))).toEqual([401, "请先登录"]);
    expect(await answer(await create(body, { token: tokens.member }))).toEqual([403, "没有权限"]);

    const update = { action: "update", ...body };
    expect(await answer(await act(guid, update, { token: tokens.editor, origin: "https://evil.example" }))).toEqual([403, "请求来源无效"]);
    expect(await answer(await act(guid, update))).toEqual([401, "请先登录"]);
    expect(await answer(await act(guid, update, { token: tokens.member }))).toEqual([403, "没有权限"]);

    const file = { name: "a.csv", text: CSV };
    expect(await answer(await upload(guid, file, "1", { token: tokens.editor, origin: "https://evil.example" }))).toEqual([403, "请求来源无效"]);
    expect(await answer(await upload(guid, file, "1"))).toEqual([401, "请先登录"]);
    expect(await answer(await upload(guid, file, "1", { token: tokens.member }))).toEqual([403, "没有权限"]);

    expect(await (await db()).select().from(masters).where(eq(masters.name, "不该出现"))).toHaveLength(0);
  });

  it("explains bad bodies in Chinese", async () => {
    const base = { name: "短线王", bio: "", styleTags: ["短线"], disclosureDelayDays: 5 };
    const cases: [unknown, string][] = [
      [null, "参数无效"],
      [{ ...base, name: "  " }, "请填写名称"],
      [{ ...base, name: 42 }, "请填写名称"],
      [{ ...base, name: "名".repeat(41) }, "名称最多 40 个字"],
      [{ ...base, styleTags: ["一二三四五六七八九"] }, "风格标签每个 1–8 个字，最多 6 个"],
      [{ ...base, styleTags: ["a", "b", "c", "d", "e", "f", "g"] }, "最多 6 个风格标签"],
      [{ ...base, disclosureDelayDays: -1 }, "延迟天数不能为负"],
      [{ ...base, disclosureDelayDays: 251 }, "延迟最多 250 个交易日"],
      [{ ...base, disclosureDelayDays: 1.5 }, "延迟天数须为整数"],
    ];
    for (const [body, message] of cases) expect(await answer(await create(body, { token: tokens.editor }))).toEqual([400, message]);

    const made = await create(base, { token: tokens.editor });
    const { guid } = await made.json();
    const actCases: [unknown, string][] = [
      [{ action: "rename" }, "参数无效"],
      [{ action: "note", tradeDate: "2024/01/02", code: "", note: "x" }, "日期格式应为 YYYY-MM-DD"],
      [{ action: "note", tradeDate: "2024-02-30", code: "", note: "x" }, "日期无效"],
      [{ action: "note", tradeDate: "2024-01-02", code: "60051", note: "x" }, "代码应为 6 位数字，或留空表示全天"],
      [{ action: "publish", statementId: "x" }, "交割单编号无效"],
      [{ action: "update", ...base, name: "" }, "请填写名称"],
    ];
    for (const [body, message] of actCases) expect(await answer(await act(guid, body, { token: tokens.editor }))).toEqual([400, message]);
    expect(await answer(await act("not-a-guid", { action: "publish", statementId: randomUUID() }, { token: tokens.editor }))).toEqual([404, "大神不存在"]);
    expect(await answer(await act(randomUUID(), { action: "publish", statementId: randomUUID() }, { token: tokens.editor }))).toEqual([404, "大神不存在"]);
    expect(await answer(await upload(guid, null, "1", { token: tokens.editor }))).toEqual([400, "请选择要上传的交割单文件（文件不能为空）"]);
    expect(await answer(await upload(guid, { name: "a.csv", text: CSV }, "yes", { token: tokens.editor }))).toEqual([400, "公开选项无效"]);
    expect(await answer(await upload(randomUUID(), { name: "a.csv", text: CSV }, "1", { token: tokens.editor }))).toEqual([404, "大神不存在"]);
  });

  it("creates a master, edits it, writes and removes a note", async () => {
    const res = await create({ name: " 游资甲 ", bio: "打板为主", styleTags: ["打板", "短线"], disclosureDelayDays: 3 }, { token: tokens.editor });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ message: "已创建大神“游资甲”", guid: expect.any(String) });
    const [row] = await (await db()).select().from(masters).where(eq(masters.guid, body.guid));
    expect(row).toMatchObject({ name: "游资甲", bio: "打板为主", styleTags: ["打板", "短线"], disclosureDelayDays: 3, isDemo: false });

    const updated = await act(body.guid, { action: "update", name: "游资乙", bio: "", styleTags: [], disclosureDelayDays: 0 }, { token: tokens.editor });
    expect(await updated.json()).toEqual({ message: "已保存" });
    const [after] = await (await db()).select().from(masters).where(eq(masters.guid, body.guid));
    expect(after).toMatchObject({ name: "游资乙", styleTags: [], disclosureDelayDays: 0 });

    const note = { action: "note", tradeDate: "2024-01-02", code: "600519", note: "首板买入" };
    expect(await (await act(body.guid, note, { token: tokens.editor })).json()).toEqual({ message: "点评已保存" });
    expect(await (await db()).select().from(tradeNotes).where(eq(tradeNotes.masterGuid, body.guid))).toMatchObject([{ tradeDate: "2024-01-02", code: "600519", note: "首板买入" }]);
    expect(await (await act(body.guid, { ...note, note: "" }, { token: tokens.editor })).json()).toEqual({ message: "点评已删除" });
    expect(await (await db()).select().from(tradeNotes).where(eq(tradeNotes.masterGuid, body.guid))).toHaveLength(0);
  });

  it("imports a statement as a draft, refuses the same file and an unreadable one, publishes and deletes only its own", async () => {
    const { guid } = await (await create({ name: "上传测试" }, { token: tokens.editor })).json();
    const { guid: other } = await (await create({ name: "别人家" }, { token: tokens.editor })).json();

    const res = await upload(guid, { name: "交割单.csv", text: CSV }, "0", { token: tokens.editor });
    const body = await res.json();
    expect([res.status, body]).toEqual([
      200,
      expect.objectContaining({ statementId: expect.any(String), fills: 2, duplicates: 0, skipped: [], isPublic: false, formatLabel: expect.any(String) }),
    ]);
    const [stored] = await (await db()).select().from(statements).where(eq(statements.id, body.statementId));
    expect(stored).toMatchObject({ masterGuid: guid, fileName: "交割单.csv", isPublic: false, fillCount: 2 });

    expect(await answer(await upload(guid, { name: "again.csv", text: CSV }, "1", { token: tokens.editor }))).toEqual([400, "这个文件已经导入过了"]);
    const [status, message] = await answer(await upload(guid, { name: "notes.txt", text: "这不是交割单\n只是一段文字" }, "1", { token: tokens.editor }));
    expect(status).toBe(400);
    expect(message).toMatch(/[\u4e00-\u9fa5]/);
    expect(await (await db()).select().from(statements).where(eq(statements.masterGuid, guid))).toHaveLength(1);

    // Another master's page cannot touch this statement.
    expect(await answer(await act(other, { action: "publish", statementId: body.statementId }, { token: tokens.editor }))).toEqual([404, "交割单不存在"]);
    expect(await answer(await act(other, { action: "delete", statementId: body.statementId }, { token: tokens.editor }))).toEqual([404, "交割单不存在"]);

    expect(await answer(await act(guid, { action: "publish", statementId: body.statementId }, { token: tokens.editor }))).toEqual([200, "已公开"]);
    expect(await answer(await act(guid, { action: "publish", statementId: body.statementId }, { token: tokens.editor }))).toEqual([409, "该交割单已公开"]);
    expect(await answer(await act(guid, { action: "delete", statementId: body.statementId }, { token: tokens.editor }))).toEqual([200, "已删除"]);
    expect(await (await db()).select().from(statements).where(eq(statements.masterGuid, guid))).toHaveLength(0);
  }, 60_000);
});
