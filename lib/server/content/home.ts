import "server-only";
import type { Viewer } from "@/lib/server/auth/viewer";
import { listArticles } from "./articles";

/** Everything the home page shows, read in parallel. */
export async function homeData(viewer: Viewer | null = null) {
  const [articles, videos] = await Promise.all([
    listArticles({ pageSize: 6, viewer }),
    listArticles({ type: "video", pageSize: 3, viewer }),
  ]);
  return { articles: articles.items, videos: videos.items };
}
