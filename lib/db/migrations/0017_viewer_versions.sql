-- What a member may see of the cached pages (their access class, ADR 0067) changes with their sessions, grants and
-- role: the `viewers` version moves with every such write, from any instance, the CLI or psql. It is kept apart from
-- the pages' data stamp, so a logout or a purchase does not throw away every cached page. A new session (a login)
-- changes no class already known.
INSERT INTO "cache_versions" ("tag") VALUES ('viewers') ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE TRIGGER "sessions_viewer_version" AFTER UPDATE OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('viewers');
--> statement-breakpoint
CREATE TRIGGER "grants_viewer_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "grants"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('viewers');
--> statement-breakpoint
CREATE TRIGGER "users_viewer_version" AFTER DELETE OR TRUNCATE OR UPDATE OF "role" ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('viewers');
