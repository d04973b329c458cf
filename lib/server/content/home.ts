import "server-only";
import { listArticles } from "./articles";
import { listStrategies } from "./masters";

/** Everything the home page shows, read in parallel. */
export async function homeData() {
  const [strategies, articles, videos] = await Promise.all([
    listStrategies({ pageSize: 3 }),
    listArticles({ pageSize: 6 }),
    listArticles({ type: "video", pageSize: 3 }),
  ]);
  return { strategies: strategies.items, articles: articles.items, videos: videos.items };
}
