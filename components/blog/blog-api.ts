import { blogPostPath } from "@/lib/domain/seo";

/** Endpoints, limits and small pure helpers of the blog editor (the server checks all of this again). */

export const BLOG_API = "/api/blog";
export const blogPostApi = (infoguid: string) => `${BLOG_API}/${infoguid}`;

/** The same limits as lib/server/blog/posts.ts (app/api/blog/route.test.ts checks they agree). */
export const BLOG_LIMITS = { title: 80, body: 50_000 } as const;

export type BlogStatus = "draft" | "published" | "hidden";

/** A post's public address (its sitemap entry and canonical, lib/domain/seo.ts). */
export const postUrl = blogPostPath;
export const editUrl = (uguid: string, infoguid: string) => `${postUrl(uguid, infoguid)}?edit=1`;

/** The first problem of the editor's content in Chinese, or "" when it may be sent. */
export function postProblem(input: { title: string; body: string; publish: boolean }): string {
  const title = input.title.replace(/\s+/g, " ").trim();
  if (!title) return "请填写标题";
  if (title.length > BLOG_LIMITS.title) return `标题最多 ${BLOG_LIMITS.title} 个字`;
  if (input.body.length > BLOG_LIMITS.body) return `正文最多 ${BLOG_LIMITS.body.toLocaleString("en-US")} 字`;
  if (input.publish && !input.body.trim()) return "发布前请填写正文";
  return "";
}

export const UNSAVED_WARNING = "有未保存的修改，确定离开吗？";
