import { z } from "zod";
import { isGuid } from "@/lib/domain/route-params";

/** A member's blog post as the editor sends it (app/api/blog), shared by the route, the data layer and the form. */

export const TITLE_MAX = 80;
export const BODY_MAX = 50_000;

const clean = (s: string) => s.replace(/\u0000/g, "\uFFFD");

/** The fields without the rule across them, so the save action can carry them; a body that is no object is "参数无效". */
export const BlogPostFields = z.object(
  {
    title: z
      .string({ error: "请填写标题" })
      .transform((s) => clean(s).replace(/\s+/g, " ").trim())
      .pipe(z.string().min(1, "请填写标题").max(TITLE_MAX, `标题最多 ${TITLE_MAX} 个字`)),
    body: z
      .string({ error: "正文格式无效" })
      .max(BODY_MAX, `正文最多 ${BODY_MAX.toLocaleString("en-US")} 字`)
      .transform((s) => clean(s).replace(/\r\n?/g, "\n")),
    publish: z.boolean({ error: "参数无效" }),
  },
  { error: "参数无效" },
);

export const BlogPostInput = BlogPostFields.refine((v) => !v.publish || v.body.trim().length > 0, { message: "发布前请填写正文", path: ["body"] });

export type BlogPostInputValue = z.input<typeof BlogPostInput>;

/** POST /api/blog/{infoguid}: save the post, or delete it. */
export const BlogPostChange = z.discriminatedUnion(
  "action",
  [z.object({ action: z.literal("delete") }), BlogPostFields.extend({ action: z.literal("save") })],
  { error: "参数无效" },
);
export type BlogPostChange = z.infer<typeof BlogPostChange>;

/** A post named in the address. */
export const BlogPostParams = z.object({ infoguid: z.string().refine(isGuid, "文章不存在或已删除").transform((id) => id.toLowerCase()) });
