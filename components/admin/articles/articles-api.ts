/** Endpoints and labels of the article administration (文章管理). */
import { ARTICLE_TYPES } from "@/lib/domain/article-types";

export const ARTICLES_API = "/api/admin/articles";
export const articleApi = (infoguid: string) => `${ARTICLES_API}/${infoguid}`;

/** The same limits as lib/server/content/articles-admin.ts (app/api/admin/articles/route.test.ts checks they agree). */
export const ARTICLE_LIMITS = { title: 100, summary: 200, body: 100_000, tags: 10, tagChars: 20 } as const;

export const TYPE_LABELS: Record<string, string> = { ...ARTICLE_TYPES, blog: "会员博客" };
export const STATUS_LABELS = { draft: "草稿", published: "已发布", hidden: "已隐藏" } as const;
export const LEVEL_LABELS: Record<number, string> = { 0: "所有人", 100: "VIP", 200: "SVIP" };

/** Tags typed on one line: split on commas (also Chinese ，、) , blanks and repeats dropped. */
export function parseTags(text: string): string[] {
  return [...new Set(text.split(/[,，、;；]+/).map((t) => t.replace(/\s+/g, " ").trim()).filter(Boolean))];
}

/** Our own paths and http(s) URLs (as the server's isMediaAddress); "" for none. */
export function isMediaAddress(value: string): boolean {
  return value === "" || /^https?:\/\/[^\s\\]+$/i.test(value) || /^\/(?![/\\])[^\s\\]*$/.test(value);
}

export interface ArticleFormValues {
  type: string;
  title: string;
  summary: string;
  body: string;
  coverUrl: string;
  videoUrl: string;
  minLevel: number;
  tags: string[];
}

/** The first problem of the form in Chinese, or "" when it may be sent. */
export function articleProblem(v: ArticleFormValues): string {
  if (!Object.prototype.hasOwnProperty.call(ARTICLE_TYPES, v.type)) return "请选择类型";
  const title = v.title.replace(/\s+/g, " ").trim();
  if (!title) return "请填写标题";
  if (title.length > ARTICLE_LIMITS.title) return `标题最多 ${ARTICLE_LIMITS.title} 个字`;
  if (v.summary.trim().length > ARTICLE_LIMITS.summary) return `摘要最多 ${ARTICLE_LIMITS.summary} 字`;
  if (v.body.length > ARTICLE_LIMITS.body) return `正文最多 ${ARTICLE_LIMITS.body.toLocaleString("en-US")} 字`;
  if (!isMediaAddress(v.coverUrl.trim())) return "封面地址须为 http(s) 链接或以 / 开头的站内路径";
  if (!isMediaAddress(v.videoUrl.trim())) return "视频地址须为 http(s) 链接或以 / 开头的站内路径";
  if (v.type === "video" && !v.videoUrl.trim()) return "教学视频需要填写视频地址";
  if (v.tags.length > ARTICLE_LIMITS.tags || v.tags.some((t) => [...t].length > ARTICLE_LIMITS.tagChars)) {
    return `标签最多 ${ARTICLE_LIMITS.tags} 个，每个不超过 ${ARTICLE_LIMITS.tagChars} 个字`;
  }
  return "";
}
