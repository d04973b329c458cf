-- The page cache's data versions (ADR 0065) move only with what the cached pages show (docs/adr/0071). Until now any
-- write to a watched table moved them: a member's private draft, a member toggling their own statement's
-- publication, a member's upload touching `stocks`, each threw away every cached page on every instance.
--
-- articles: only rows that are or were published (a draft or a hidden post is on no cached page). Row triggers:
-- articles are written one at a time.
DROP TRIGGER IF EXISTS "articles_cache_version" ON "articles";
--> statement-breakpoint
CREATE TRIGGER "articles_published_inserted" AFTER INSERT ON "articles"
  FOR EACH ROW WHEN (NEW."status" = 'published') EXECUTE FUNCTION "bump_cache_version"('articles');
--> statement-breakpoint
CREATE TRIGGER "articles_published_updated"
  AFTER UPDATE OF "type", "title", "summary", "body", "cover_url", "video_url", "min_level", "author_id", "status", "is_demo", "published_at" ON "articles"
  FOR EACH ROW WHEN ((OLD."status" = 'published' OR NEW."status" = 'published') AND (
    OLD."status" IS DISTINCT FROM NEW."status" OR OLD."type" IS DISTINCT FROM NEW."type" OR OLD."title" IS DISTINCT FROM NEW."title"
    OR OLD."summary" IS DISTINCT FROM NEW."summary" OR OLD."body" IS DISTINCT FROM NEW."body" OR OLD."cover_url" IS DISTINCT FROM NEW."cover_url"
    OR OLD."video_url" IS DISTINCT FROM NEW."video_url" OR OLD."min_level" IS DISTINCT FROM NEW."min_level"
    OR OLD."author_id" IS DISTINCT FROM NEW."author_id" OR OLD."is_demo" IS DISTINCT FROM NEW."is_demo"
    OR OLD."published_at" IS DISTINCT FROM NEW."published_at"))
  EXECUTE FUNCTION "bump_cache_version"('articles');
--> statement-breakpoint
CREATE TRIGGER "articles_published_deleted" AFTER DELETE ON "articles"
  FOR EACH ROW WHEN (OLD."status" = 'published') EXECUTE FUNCTION "bump_cache_version"('articles');
--> statement-breakpoint
CREATE TRIGGER "articles_truncated" AFTER TRUNCATE ON "articles"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('articles');
--> statement-breakpoint
-- article_tags: the tags of a published article (a save rewrites a post's tags, published or not).
CREATE FUNCTION "bump_articles_if_published_tags"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "articles" WHERE "infoguid" = COALESCE(NEW."infoguid", OLD."infoguid") AND "status" = 'published') THEN
    UPDATE "cache_versions" SET "version" = "version" + 1 WHERE "tag" = 'articles';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "article_tags_cache_version" ON "article_tags";
--> statement-breakpoint
CREATE TRIGGER "article_tags_of_published" AFTER INSERT OR UPDATE OR DELETE ON "article_tags"
  FOR EACH ROW EXECUTE FUNCTION "bump_articles_if_published_tags"();
--> statement-breakpoint
CREATE TRIGGER "article_tags_truncated" AFTER TRUNCATE ON "article_tags"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('articles');
--> statement-breakpoint
-- statements: a master's statements (published or draft, written by editors); a member's own statements are on no
-- cached page (their analysis is never kept by the page cache).
DROP TRIGGER IF EXISTS "statements_cache_version" ON "statements";
--> statement-breakpoint
CREATE TRIGGER "statements_of_masters_inserted" AFTER INSERT ON "statements"
  FOR EACH ROW WHEN (NEW."master_guid" IS NOT NULL) EXECUTE FUNCTION "bump_cache_version"('statements');
--> statement-breakpoint
CREATE TRIGGER "statements_of_masters_updated" AFTER UPDATE ON "statements"
  FOR EACH ROW WHEN (OLD."master_guid" IS NOT NULL OR NEW."master_guid" IS NOT NULL) EXECUTE FUNCTION "bump_cache_version"('statements');
--> statement-breakpoint
CREATE TRIGGER "statements_of_masters_deleted" AFTER DELETE ON "statements"
  FOR EACH ROW WHEN (OLD."master_guid" IS NOT NULL) EXECUTE FUNCTION "bump_cache_version"('statements');
--> statement-breakpoint
CREATE TRIGGER "statements_truncated" AFTER TRUNCATE ON "statements"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('statements');
--> statement-breakpoint
-- Fills and round trips are written thousands at a time: statement triggers that look at the rows written (transition
-- tables), one per event as PostgreSQL requires. A master's published fills and trips carry its guid.
CREATE FUNCTION "bump_statements_if_master_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One branch per event: each trigger has only its own transition tables.
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM "written" WHERE "master_guid" IS NOT NULL) THEN RETURN NULL; END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT 1 FROM "written" WHERE "master_guid" IS NOT NULL) AND NOT EXISTS (SELECT 1 FROM "before" WHERE "master_guid" IS NOT NULL) THEN RETURN NULL; END IF;
  ELSE
    IF NOT EXISTS (SELECT 1 FROM "before" WHERE "master_guid" IS NOT NULL) THEN RETURN NULL; END IF;
  END IF;
  UPDATE "cache_versions" SET "version" = "version" + 1 WHERE "tag" = 'statements';
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  watched text;
BEGIN
  FOREACH watched IN ARRAY ARRAY['statement_fills', 'round_trips'] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', watched || '_cache_version', watched);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "bump_statements_if_master_rows"()', watched || '_of_masters_inserted', watched);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS "before" NEW TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "bump_statements_if_master_rows"()', watched || '_of_masters_updated', watched);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS "before" FOR EACH STATEMENT EXECUTE FUNCTION "bump_statements_if_master_rows"()', watched || '_of_masters_deleted', watched);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"(%L)', watched || '_truncated', watched, 'statements');
  END LOOP;
END
$$;
--> statement-breakpoint
-- statement_events: a statement's cash events carry no master; those of a master's statement count (when the
-- statement itself is deleted, its own trigger has counted).
CREATE FUNCTION "bump_statements_if_master_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM "written" w JOIN "statements" s ON s."id" = w."statement_id" WHERE s."master_guid" IS NOT NULL) THEN RETURN NULL; END IF;
  ELSE
    IF NOT EXISTS (SELECT 1 FROM "before" b JOIN "statements" s ON s."id" = b."statement_id" WHERE s."master_guid" IS NOT NULL) THEN RETURN NULL; END IF;
  END IF;
  UPDATE "cache_versions" SET "version" = "version" + 1 WHERE "tag" = 'statements';
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "statement_events_cache_version" ON "statement_events";
--> statement-breakpoint
CREATE TRIGGER "statement_events_of_masters_inserted" AFTER INSERT ON "statement_events" REFERENCING NEW TABLE AS "written"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_statements_if_master_events"();
--> statement-breakpoint
CREATE TRIGGER "statement_events_of_masters_deleted" AFTER DELETE ON "statement_events" REFERENCING OLD TABLE AS "before"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_statements_if_master_events"();
--> statement-breakpoint
CREATE TRIGGER "statement_events_changed" AFTER UPDATE OR TRUNCATE ON "statement_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('statements');
--> statement-breakpoint
-- stocks: a new stock or a new name (every upload also touches `updated_at` of the stocks it names: that is nothing a
-- page shows).
DROP TRIGGER IF EXISTS "stocks_cache_version" ON "stocks";
--> statement-breakpoint
CREATE FUNCTION "bump_statements_if_rows_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An INSERT … ON CONFLICT DO UPDATE fires the statement's INSERT trigger even when every row conflicted: only rows
  -- actually inserted are in its transition table.
  IF EXISTS (SELECT 1 FROM "written") THEN
    UPDATE "cache_versions" SET "version" = "version" + 1 WHERE "tag" = 'statements';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "stocks_inserted" AFTER INSERT ON "stocks" REFERENCING NEW TABLE AS "written"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_statements_if_rows_inserted"();
--> statement-breakpoint
CREATE TRIGGER "stocks_deleted" AFTER DELETE OR TRUNCATE ON "stocks"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('statements');
--> statement-breakpoint
CREATE TRIGGER "stocks_renamed" AFTER UPDATE ON "stocks"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."exchange" IS DISTINCT FROM NEW."exchange"
    OR OLD."is_synthetic" IS DISTINCT FROM NEW."is_synthetic" OR OLD."code" IS DISTINCT FROM NEW."code")
  EXECUTE FUNCTION "bump_cache_version"('statements');
