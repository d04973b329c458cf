CREATE TABLE "cache_versions" (
	"tag" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "cache_versions" ("tag") VALUES ('statements'), ('market'), ('articles'), ('strategies'), ('plans');
--> statement-breakpoint
CREATE FUNCTION "bump_cache_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "cache_versions" SET "version" = "version" + 1 WHERE "tag" = TG_ARGV[0];
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  watched text[][] := ARRAY[
    ['masters', 'statements'], ['statements', 'statements'], ['statement_fills', 'statements'],
    ['statement_events', 'statements'], ['round_trips', 'statements'], ['trade_notes', 'statements'], ['stocks', 'statements'],
    ['market_bars', 'market'],
    ['article_tags', 'articles'],
    ['strategies', 'strategies'], ['strategy_nav', 'strategies'], ['benchmark_levels', 'strategies'],
    ['strategy_fills', 'strategies'], ['strategy_positions', 'strategies'], ['strategy_signals', 'strategies'],
    ['plans', 'plans']
  ];
  pair text[];
BEGIN
  FOREACH pair SLICE 1 IN ARRAY watched LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"(%L)',
      pair[1] || '_cache_version', pair[1], pair[2]);
  END LOOP;
END
$$;
--> statement-breakpoint
-- Reading counts (views, likes) change on every visit: they do not invalidate cached articles (cached entries also
-- expire after a minute, so the counts shown lag by at most that).
CREATE TRIGGER "articles_cache_version"
  AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "type", "title", "summary", "body", "cover_url", "video_url", "min_level", "author_id", "status", "is_demo", "published_at"
  ON "articles" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('articles');
