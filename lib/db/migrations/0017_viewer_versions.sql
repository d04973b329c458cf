-- What a member may see of the cached pages (their access class, ADR 0067) changes with their sessions, grants and
-- role: the `viewers` version moves with every such change, from any instance, the CLI or psql. It is kept apart from
-- the pages' data stamp, so a logout or a purchase does not throw away every cached page. A new session (a login)
-- changes no class already known. Row triggers, so a statement that changes nothing (a logout with an unknown or
-- already revoked token, a grant that was already made) moves nothing: nobody can empty the instances' knowledge of
-- the classes by asking.
INSERT INTO "cache_versions" ("tag") VALUES ('viewers') ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE TRIGGER "sessions_revoked_viewer_version" AFTER UPDATE OF "revoked_at", "expires_at", "user_id", "token_hash" ON "sessions"
  FOR EACH ROW WHEN (OLD."revoked_at" IS DISTINCT FROM NEW."revoked_at" OR OLD."expires_at" IS DISTINCT FROM NEW."expires_at"
    OR OLD."user_id" IS DISTINCT FROM NEW."user_id" OR OLD."token_hash" IS DISTINCT FROM NEW."token_hash")
  EXECUTE FUNCTION "bump_cache_version"('viewers');
--> statement-breakpoint
CREATE TRIGGER "sessions_deleted_viewer_version" AFTER DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('viewers');
--> statement-breakpoint
CREATE TRIGGER "sessions_truncated_viewer_version" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('viewers');
--> statement-breakpoint
CREATE TRIGGER "grants_viewer_version" AFTER INSERT OR UPDATE OR DELETE ON "grants"
  FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('viewers');
--> statement-breakpoint
CREATE TRIGGER "grants_truncated_viewer_version" AFTER TRUNCATE ON "grants"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('viewers');
--> statement-breakpoint
CREATE TRIGGER "users_role_viewer_version" AFTER UPDATE OF "role" ON "users"
  FOR EACH ROW WHEN (OLD."role" IS DISTINCT FROM NEW."role") EXECUTE FUNCTION "bump_cache_version"('viewers');
--> statement-breakpoint
CREATE TRIGGER "users_deleted_viewer_version" AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "bump_cache_version"('viewers');
--> statement-breakpoint
CREATE TRIGGER "users_truncated_viewer_version" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('viewers');
