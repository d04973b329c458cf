import "server-only";
import { and, desc, eq, ilike, ne, or } from "drizzle-orm";
import { db } from "@/lib/db";
import { articles, masters, strategies } from "@/lib/db/schema";

export interface SearchResults {
  masters: { guid: string; name: string; bio: string; isDemo: boolean }[];
  strategies: { guid: string; name: string; description: string; isDemo: boolean }[];
  articles: { infoguid: string; title: string; summary: string; isDemo: boolean }[];
}

function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Names and titles containing the term, on either engine. Only public fields are searched, never gated bodies.
 * (Ranked full-text search with pinyin initials replaces this in the search issue.)
 */
export async function searchSite(term: string, limit = 10): Promise<SearchResults> {
  const pattern = likePattern(term.trim());
  const database = await db();
  const [m, s, a] = await Promise.all([
    database.select({ guid: masters.guid, name: masters.name, bio: masters.bio, isDemo: masters.isDemo }).from(masters)
      .where(or(ilike(masters.name, pattern), ilike(masters.bio, pattern))).limit(limit),
    database.select({ guid: strategies.guid, name: strategies.name, description: strategies.description, isDemo: strategies.isDemo }).from(strategies)
      .where(or(ilike(strategies.name, pattern), ilike(strategies.description, pattern))).limit(limit),
    database.select({ infoguid: articles.infoguid, title: articles.title, summary: articles.summary, isDemo: articles.isDemo }).from(articles)
      .where(and(eq(articles.status, "published"), ne(articles.type, "blog"), or(ilike(articles.title, pattern), ilike(articles.summary, pattern))))
      .orderBy(desc(articles.publishedAt)).limit(limit),
  ]);
  return { masters: m, strategies: s, articles: a };
}
