import { z } from "zod";
import type { ArticleType } from "@/lib/domain/article-types";
import { isGuid } from "@/lib/domain/route-params";
import { ADMIN_BODY_MAX, ADMIN_SUMMARY_MAX, ADMIN_TAG_CHARS, ADMIN_TAGS_MAX, ADMIN_TITLE_MAX, isMediaAddress } from "./limits";

/**
 * The editors' article schemas (/admin/articles, `cli article:create`), shared by the route handlers, the data layer
 * and the forms (issue 25 point 3).
 */
export const ARTICLE_LEVELS = [0, 100, 200] as const;

/** The editorial types (lib/db/schema/content.ts ARTICLE_TYPES; members' blog posts are not written here). */
export const EDITORIAL_TYPES = ["case", "interpret", "strategy", "video", "news"] as const satisfies readonly ArticleType[];

export type ArticleAction = "publish" | "unpublish" | "hide" | "unhide";

const clean = (s: string) => s.replace(/\u0000/g, "\uFFFD");


const mediaUrl = (label: string) =>
  z
    .string({ error: `${label}格式无效` })
    .trim()
    .max(500, `${label}最长 500 个字符`)
    .refine(isMediaAddress, `${label}须为 http(s) 链接或以 / 开头的站内路径`);

const level = z.preprocess(
  (v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z.union([z.literal(0), z.literal(100), z.literal(200)], { error: "可见等级须为 0（所有人）、100（VIP）或 200（SVIP）" }),
);

/** The fields of an article, without the rule that ties two of them (so it can be extended). */
const articleFields = {
  type: z.enum(EDITORIAL_TYPES, { error: "请选择类型：交易案例、交割单解读、策略分享、教学视频或市场资讯" }),
  title: z
    .string({ error: "请填写标题" })
    .transform((s) => clean(s).replace(/\s+/g, " ").trim())
    .pipe(z.string().min(1, "请填写标题").max(ADMIN_TITLE_MAX, `标题最多 ${ADMIN_TITLE_MAX} 个字`)),
  summary: z
    .string({ error: "摘要格式无效" })
    .transform((s) => clean(s).replace(/\s+/g, " ").trim())
    .pipe(z.string().max(ADMIN_SUMMARY_MAX, `摘要最多 ${ADMIN_SUMMARY_MAX} 字`))
    .default(""),
  body: z
    .string({ error: "正文格式无效" })
    .max(ADMIN_BODY_MAX, `正文最多 ${ADMIN_BODY_MAX.toLocaleString("en-US")} 字`)
    .transform((s) => clean(s).replace(/\r\n?/g, "\n")),
  coverUrl: mediaUrl("封面地址").default(""),
  videoUrl: mediaUrl("视频地址").default(""),
  minLevel: level.default(0),
  tags: z
    .array(z.string({ error: "标签格式无效" }).transform((t) => t.replace(/\s+/g, " ").trim()), { error: "标签格式无效" })
    .transform((tags) => [...new Set(tags.filter(Boolean))])
    .refine((tags) => tags.length <= ADMIN_TAGS_MAX && tags.every((t) => [...t].length <= ADMIN_TAG_CHARS), `标签最多 ${ADMIN_TAGS_MAX} 个，每个不超过 ${ADMIN_TAG_CHARS} 个字`)
    .default([]),
};

const videoNeedsAddress = <T extends { type: string; videoUrl: string }>(v: T) => v.type !== "video" || v.videoUrl !== "";
const VIDEO_RULE = { path: ["videoUrl"], message: "教学视频需要填写视频地址" };

export const ArticleInput = z.object(articleFields).refine(videoNeedsAddress, VIDEO_RULE);
export type ArticleInput = z.input<typeof ArticleInput>;
export type ArticleValues = z.output<typeof ArticleInput>;

/** Tags typed on one line: split on commas (also Chinese ，、；) , blanks and repeats dropped. */
export function parseArticleTags(text: string): string[] {
  return [...new Set(text.split(/[,，、;；]+/).map((t) => t.replace(/\s+/g, " ").trim()).filter(Boolean))];
}

/**
 * The article editor: ArticleInput's fields and rule, with the type and level chosen in selects (the level's text is
 * read as the number by the route's own field) and the tags typed on one line.
 */
export const ArticleEditorForm = z
  .object({
    ...articleFields,
    type: z.string().pipe(articleFields.type),
    tags: z.string().transform(parseArticleTags).pipe(articleFields.tags.unwrap()),
  })
  .refine(videoNeedsAddress, VIDEO_RULE);
export type ArticleEditorForm = z.input<typeof ArticleEditorForm>;

/** The body of `POST /api/admin/articles`: an article, and whether it is published at once (checked first). */
export const ArticleCreate = z
  .object({ publish: z.boolean({ error: "参数无效" }), ...articleFields }, { error: "参数无效" })
  .refine(videoNeedsAddress, VIDEO_RULE);
export type ArticleCreate = z.input<typeof ArticleCreate>;

/** The body of `POST /api/admin/articles/{infoguid}`: an edit, or a change of status. */
export const ArticleChange = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("update"), ...articleFields }).refine(videoNeedsAddress, VIDEO_RULE),
    z.object({ action: z.enum(["publish", "unpublish", "hide", "unhide"]) }),
  ],
  { error: "参数无效" },
);
export type ArticleChange = z.input<typeof ArticleChange>;

/** An article named in the address (`/api/articles/{id}/…`); anything else is an article that does not exist. */
export const ArticleParams = z.object({ id: z.string().refine(isGuid, "文章不存在或已下线").transform((id) => id.toLowerCase()) });
export type ArticleParams = z.infer<typeof ArticleParams>;
