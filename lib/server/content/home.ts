import "server-only";
import { listArticles } from "./articles";

/** Everything the home page shows, read in parallel. */
export async function homeData() {
  const [articles, videos] = await Promise.all([
    listArticles({ pageSize: 6 }),
    listArticles({ type: "video", pageSize: 3 }),
  ]);
  return { articles: articles.items, videos: videos.items };
}
