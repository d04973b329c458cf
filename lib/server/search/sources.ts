import "server-only";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Database } from "@/lib/db";
import { articles, masters, stocks, strategies, users } from "@/lib/db/schema";
import type { SearchKind } from "@/lib/domain/search/kinds";
import { codeTokens, nameTokens, tokenize } from "@/lib/domain/search/tokenize";
import { markdownToText, type WeightedTokens } from "@/lib/domain/search/tsvector";

/**
 * Where each kind of search document comes from: the source table, its filter (only what every visitor may see
 * listed), the fields whose change means re-indexing (hashed in SQL), and how a row becomes a document.
 */

/** Bump when tokenization or document shape changes: every document's hash changes, so the next sync rebuilds all. */
export const INDEX_VERSION = "search-v1";

/** Snippet text kept per document (public text only), and how much of a public body is tokenized. */
export const MAX_SNIPPET_SOURCE = 20_000;
export const MAX_BODY_TOKENIZED = 60_000;

export interface SearchDocumentInput {
  kind: SearchKind;
  refId: string;
  title: string;
  body: string;
  fields: WeightedTokens[];
  minLevel: number;
  url: string;
  extra: Record<string, unknown>;
  sourceHash: string;
  sortAt: Date | null;
}

type Reader = Pick<Database, "select">;

export interface Source {
  kind: SearchKind;
  /** the source key as text (what search_documents.ref_id holds) */
  refId: SQL<string>;
  /** md5 of the index version and the searchable fields */
  hash: SQL<string>;
  table: typeof masters | typeof stocks | typeof strategies | typeof articles | typeof users;
  where?: SQL;
  /** the documents of these keys (fewer when rows are gone or filtered out) */
  load(database: Reader, refIds: string[]): Promise<SearchDocumentInput[]>;
}

const hashOf = (...parts: (PgColumn | SQL)[]): SQL<string> =>
  sql<string>`md5(concat_ws(chr(31), ${INDEX_VERSION}::text, ${sql.join(parts.map((p) => sql`(${p})::text`), sql`, `)}))`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuids = (ids: string[]) => ids.filter((id) => UUID.test(id));

const masterHash = hashOf(masters.name, masters.bio, masters.styleTags, masters.isDemo);

const masterSource: Source = {
  kind: "master",
  table: masters,
  refId: sql<string>`${masters.guid}::text`,
  hash: masterHash,
  async load(database, refIds) {
    const ids = uuids(refIds);
    if (ids.length === 0) return [];
    const rows = await database
      .select({ guid: masters.guid, name: masters.name, bio: masters.bio, tags: masters.styleTags, isDemo: masters.isDemo, hash: masterHash, createdAt: masters.createdAt })
      .from(masters)
      .where(inArray(masters.guid, ids));
    return rows.map((r) => ({
      kind: "master",
      refId: r.guid,
      title: r.name,
      body: r.bio,
      fields: [
        { tokens: nameTokens(r.name), weight: "A" },
        { tokens: r.tags.flatMap((t) => nameTokens(t)), weight: "B" },
        { tokens: tokenize(r.bio), weight: "C" },
      ],
      minLevel: 0,
      url: `/detail/${r.guid}`,
      extra: { tags: r.tags, isDemo: r.isDemo },
      sourceHash: r.hash,
      sortAt: r.createdAt,
    }));
  },
};

const stockHash = hashOf(stocks.code, stocks.exchange, stocks.name, stocks.isSynthetic);

const stockSource: Source = {
  kind: "stock",
  table: stocks,
  refId: sql<string>`${stocks.code}`,
  hash: stockHash,
  async load(database, refIds) {
    if (refIds.length === 0) return [];
    const rows = await database
      .select({ code: stocks.code, exchange: stocks.exchange, name: stocks.name, isSynthetic: stocks.isSynthetic, hash: stockHash })
      .from(stocks)
      .where(inArray(stocks.code, refIds));
    return rows.map((r) => ({
      kind: "stock",
      refId: r.code,
      title: r.name,
      body: "",
      fields: [{ tokens: [...nameTokens(r.name), ...codeTokens(r.code, r.exchange)], weight: "A" }],
      minLevel: 0,
      url: `/search/${r.code}`,
      extra: { code: r.code, exchange: r.exchange, symbol: `${r.code}.${r.exchange}`, isSynthetic: r.isSynthetic },
      sourceHash: r.hash,
      sortAt: null,
    }));
  },
};

const strategyHash = hashOf(strategies.name, strategies.author, strategies.description, strategies.style, strategies.status, strategies.isDemo);

const strategySource: Source = {
  kind: "strategy",
  table: strategies,
  refId: sql<string>`${strategies.guid}::text`,
  hash: strategyHash,
  async load(database, refIds) {
    const ids = uuids(refIds);
    if (ids.length === 0) return [];
    const rows = await database
      .select({
        guid: strategies.guid, name: strategies.name, author: strategies.author, description: strategies.description,
        style: strategies.style, status: strategies.status, isDemo: strategies.isDemo, startDate: strategies.startDate, hash: strategyHash,
      })
      .from(strategies)
      .where(inArray(strategies.guid, ids));
    return rows.map((r) => ({
      kind: "strategy",
      refId: r.guid,
      title: r.name,
      body: r.description,
      fields: [
        { tokens: nameTokens(r.name), weight: "A" },
        { tokens: [...nameTokens(r.author), ...tokenize(r.style)], weight: "B" },
        { tokens: tokenize(r.description), weight: "C" },
      ],
      minLevel: 0,
      url: `/quant?s=${r.guid}`,
      extra: { status: r.status, style: r.style, author: r.author, isDemo: r.isDemo },
      sourceHash: r.hash,
      sortAt: null,
    }));
  },
};

const publishedArticle = eq(articles.status, "published");

const articleHash = hashOf(
  articles.type, articles.title, articles.summary, articles.minLevel, articles.authorId,
  sql`extract(epoch from ${articles.publishedAt})`, articles.isDemo, sql`octet_length(${articles.body})`,
);

/**
 * Published articles and blog posts. Title and summary are public teasers, so they are always indexed; the body only
 * when the article is public (minLevel 0). A gated body is not in the index at all, so no query, snippet or
 * suggestion can reveal it, whoever asks (README.md here). `octet_length(body)` stands for the body in the change
 * hash (it reads no TOASTed text); a same-length edit is picked up when the editor's save calls
 * refreshSearchDocuments.
 */
const articleSource: Source = {
  kind: "article",
  table: articles,
  refId: sql<string>`${articles.infoguid}::text`,
  hash: articleHash,
  where: publishedArticle,
  async load(database, refIds) {
    const ids = uuids(refIds);
    if (ids.length === 0) return [];
    const rows = await database
      .select({
        infoguid: articles.infoguid, type: articles.type, title: articles.title, summary: articles.summary,
        minLevel: articles.minLevel, authorId: articles.authorId, isDemo: articles.isDemo, publishedAt: articles.publishedAt,
        // the body leaves the database only for public articles
        publicBody: sql<string>`case when ${articles.minLevel} <= 0 then ${articles.body} else '' end`,
        hash: articleHash,
      })
      .from(articles)
      .where(and(publishedArticle, inArray(articles.infoguid, ids)));
    return rows.map((r) => {
      const isPublic = r.minLevel <= 0;
      const bodyText = isPublic ? markdownToText(r.publicBody) : "";
      const blog = r.type === "blog" && r.authorId !== null;
      return {
        kind: "article",
        refId: r.infoguid,
        title: r.title,
        body: [r.summary, bodyText].filter(Boolean).join(" ").slice(0, MAX_SNIPPET_SOURCE),
        fields: [
          { tokens: tokenize(r.title), weight: "A" },
          { tokens: tokenize(r.summary), weight: "B" },
          { tokens: isPublic ? tokenize(bodyText.slice(0, MAX_BODY_TOKENIZED)) : [], weight: "C" },
        ],
        minLevel: r.minLevel,
        url: blog ? `/user/blog/${r.authorId}/${r.infoguid}` : `/info/detail/${r.infoguid}`,
        extra: { articleType: r.type, isDemo: r.isDemo, publishedAt: r.publishedAt?.toISOString() ?? null },
        sourceHash: r.hash,
        sortAt: r.publishedAt,
      } satisfies SearchDocumentInput;
    });
  },
};

const memberHash = hashOf(users.nickname, users.avatarUrl);

/** Members by nickname: what their public page shows anyway (no contact details, no level). */
const memberSource: Source = {
  kind: "member",
  table: users,
  refId: sql<string>`${users.id}::text`,
  hash: memberHash,
  async load(database, refIds) {
    const ids = uuids(refIds);
    if (ids.length === 0) return [];
    const rows = await database
      .select({ id: users.id, nickname: users.nickname, avatarUrl: users.avatarUrl, createdAt: users.createdAt, hash: memberHash })
      .from(users)
      .where(inArray(users.id, ids));
    return rows.map((r) => ({
      kind: "member",
      refId: r.id,
      title: r.nickname,
      body: "",
      fields: [{ tokens: nameTokens(r.nickname), weight: "A" }],
      minLevel: 0,
      url: `/user/${r.id}`,
      extra: { avatarUrl: r.avatarUrl, joinedAt: r.createdAt.toISOString() },
      sourceHash: r.hash,
      sortAt: r.createdAt,
    }));
  },
};

export const SOURCES: Readonly<Record<SearchKind, Source>> = {
  master: masterSource,
  stock: stockSource,
  strategy: strategySource,
  article: articleSource,
  member: memberSource,
};
