import "server-only";
import { listArticles } from "./articles";
import { listMasters, listStrategies } from "./masters";

/** Everything the home page shows, read in parallel. */
export async function homeData() {
  const [masters, strategies, articles, videos] = await Promise.all([
    listMasters({ pageSize: 6 }),
    listStrategies({ pageSize: 3 }),
    listArticles({ pageSize: 6 }),
    listArticles({ type: "video", pageSize: 3 }),
  ]);
  return { masters: masters.items, strategies: strategies.items, articles: articles.items, videos: videos.items };
}
