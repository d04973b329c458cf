import { z } from "zod";
import { isTradingDateString } from "@/lib/domain/route-params";
import { chosenFile, chosenFiles } from "@/lib/domain/uploads/schemas";
import { MASTER_DELAY_MAX } from "./limits";

/**
 * The statements area's input schemas, shared by the route handlers and the admin forms (issue 25 point 3): a master's
 * profile, a trade-day note, and the upload forms' fields.
 */

const STYLE_TAG_MESSAGE = "风格标签每个 1–8 个字，最多 6 个";

export const MasterInput = z.object({
  name: z.string().trim().min(1, "请填写名称").max(40, "名称最多 40 个字"),
  bio: z.string().trim().max(500, "简介最多 500 字").default(""),
  styleTags: z.array(z.string().trim().min(1, STYLE_TAG_MESSAGE).max(8, STYLE_TAG_MESSAGE)).max(6, "最多 6 个风格标签").default([]),
  disclosureDelayDays: z.coerce
    .number()
    .int("延迟天数须为整数")
    .min(0, "延迟天数不能为负")
    .max(MASTER_DELAY_MAX, `延迟最多 ${MASTER_DELAY_MAX} 个交易日`)
    .default(0),
});
export type MasterInput = z.input<typeof MasterInput>;

/** Style tags typed as one line: split on commas (also Chinese ，、；) and spaces, blanks and repeats dropped. */
export function parseStyleTags(text: string): string[] {
  return [...new Set(text.split(/[\s,，、;；]+/).map((t) => t.trim()).filter(Boolean))];
}

/** A transform that checks a value made from typed text with one of MasterInput's fields, keeping that field's messages. */
function checkedBy<T>(field: z.ZodType<T>) {
  return (value: unknown, ctx: z.RefinementCtx): T => {
    const parsed = field.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
    return z.NEVER;
  };
}

/** The master profile form: style tags and the delay typed as text, turned into MasterInput's fields and checked by them. */
export const MasterProfileForm = MasterInput.extend({
  styleTags: z.string().transform(parseStyleTags).transform(checkedBy(MasterInput.shape.styleTags)),
  disclosureDelayDays: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, `延迟公开天数须为 0–${MASTER_DELAY_MAX} 的整数`)
    .transform(Number)
    .transform(checkedBy(MasterInput.shape.disclosureDelayDays)),
});
export type MasterProfileForm = z.input<typeof MasterProfileForm>;

export const NoteInput = z.object({
  tradeDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "日期格式应为 YYYY-MM-DD"),
  code: z.string().regex(/^(\d{6})?$/, "代码应为 6 位数字，或留空表示全天").default(""),
  note: z.string().trim().max(2000, "备注最多 2000 字"),
});
export type NoteInput = z.input<typeof NoteInput>;

/** The trade-day note form: NoteInput's fields, with a day chosen, the code trimmed and a note required (empty deletes). */
export const NoteEditorForm = NoteInput.extend({
  tradeDate: z.string().min(1, "请选择交易日").pipe(NoteInput.shape.tradeDate),
  code: z.string().trim().pipe(NoteInput.shape.code.unwrap()),
  note: NoteInput.shape.note.min(1, "请填写点评内容"),
});
export type NoteEditorForm = z.input<typeof NoteEditorForm>;

/** The body of `POST /api/admin/traders/{guid}`: one action on one master. */
export const MasterChange = z.discriminatedUnion(
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
export type MasterChange = z.input<typeof MasterChange>;

/** The upload forms' `public` field: "1" joins the master's public book at once, "0" (or absent) keeps drafts. */
export const UploadFields = z.object({ public: z.enum(["0", "1"], { error: "公开选项无效" }).default("0") });
export type UploadFields = z.input<typeof UploadFields>;

/** The forms' 立即公开/直接公开 box, sent as UploadFields' `public`. */
const publicBox = z.boolean().transform((on) => (on ? "1" : "0")).pipe(UploadFields.shape.public.unwrap());


/** A master's statement upload form: one file and the public box (the route refuses a missing file in these words). */
export const StatementFileForm = z.object({ file: chosenFile("请选择要上传的交割单文件"), public: publicBox });
export type StatementFileForm = z.input<typeof StatementFileForm>;

/** The bulk import form (ADR 0047): the statements, perhaps with a masters.csv, and the public box. */
export const BulkStatementsForm = z.object({ files: chosenFiles("请选择要导入的交割单文件"), public: publicBox });
export type BulkStatementsForm = z.input<typeof BulkStatementsForm>;

/** A member's action on one of their own statements. */
export const OwnStatementAction = z.object({ action: z.enum(["publish", "unpublish", "delete"], { error: "请求参数无效" }) }, { error: "请求参数无效" });
export type OwnStatementAction = z.input<typeof OwnStatementAction>;

/** Chinese texts for the issues a schema leaves in zod's default (English) words, by the field they concern. */
const FIELD_MESSAGES: Record<string, string> = {
  name: "请填写名称",
  bio: "简介格式无效",
  styleTags: "风格标签每个 1–8 个字，最多 6 个",
  disclosureDelayDays: "延迟天数须为 0–250 的整数",
  tradeDate: "日期格式应为 YYYY-MM-DD",
  code: "代码应为 6 位数字，或留空表示全天",
  note: "请填写点评内容",
  statementId: "交割单编号无效",
};

/**
 * A per-parse zod error map for the master schemas: schema messages (already Chinese) win; this fills in the rest by
 * field, so a caller can show `issues[0].message` as is.
 */
export const chineseIssues: z.core.$ZodErrorMap = (issue) => {
  const field = issue.path?.find((p): p is string => typeof p === "string" && p in FIELD_MESSAGES);
  return field ? FIELD_MESSAGES[field] : "参数无效";
};
