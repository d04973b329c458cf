/** Endpoints and labels of the article administration (文章管理). */
import { ARTICLE_TYPES } from "@/lib/domain/article-types";
import { ADMIN_BODY_MAX, ADMIN_SUMMARY_MAX, ADMIN_TAG_CHARS, ADMIN_TAGS_MAX, ADMIN_TITLE_MAX } from "@/lib/domain/content/limits";

export const ARTICLES_API = "/api/admin/articles";
export const articleApi = (infoguid: string) => `${ARTICLES_API}/${infoguid}`;

/** The route's limits, as the form's inputs and hints state them. */
export const ARTICLE_LIMITS = { title: ADMIN_TITLE_MAX, summary: ADMIN_SUMMARY_MAX, body: ADMIN_BODY_MAX, tags: ADMIN_TAGS_MAX, tagChars: ADMIN_TAG_CHARS } as const;

export const TYPE_LABELS: Record<string, string> = { ...ARTICLE_TYPES, blog: "会员博客" };
export const STATUS_LABELS = { draft: "草稿", published: "已发布", hidden: "已隐藏" } as const;
export const LEVEL_LABELS: Record<number, string> = { 0: "所有人", 100: "VIP", 200: "SVIP" };

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
