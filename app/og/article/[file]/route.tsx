import { z } from "zod";
import { config } from "@/lib/config";
import { formatDate } from "@/lib/domain/format";
import { articleForViewer } from "@/lib/server/content/articles";
import { route } from "@/lib/server/http";
import { guidOfImageFile, notFoundImage, ogImage } from "../../og-card";

export const dynamic = "force-dynamic";

/** The image file named in the address; a name that is no guid gets the not-found image, not a JSON 404. */
const Params = z.object({ file: z.string() }).transform(({ file }) => ({ guid: guidOfImageFile(file) }));

const HEADINGS: Record<string, string> = {
  case: "CASE STUDY", interpret: "STATEMENT READING", strategy: "STRATEGY", video: "VIDEO LESSON", news: "MARKET NEWS", blog: "MEMBER BLOG",
};
const BADGES: Record<number, string> = { 100: "VIP", 200: "SVIP" };

/** /og/article/{guid}.png: the article's share image, from public fields only (the same for every viewer). */
export const GET = route({ name: "article share image", auth: "visitor", session: false, params: Params }, async ({ params: { guid } }) => {
  const article = guid ? await articleForViewer(guid, null) : null;
  if (!article) return notFoundImage();
  return ogImage({
    seed: article.infoguid,
    heading: HEADINGS[article.type] ?? "ARTICLE",
    line: article.type === "video" ? "A-share trading, explained on video" : "Learn A-share trading from real statements",
    badge: BADGES[article.requiredLevel] ?? "",
    host: new URL(config().siteUrl).host,
    footer: formatDate(article.publishedAt),
  });
});
