-- Who may see what changes one member at a time (docs/adr/0071): a logout, a grant or a role change is recorded with
-- the member it changes, beside the `viewers` version it moves, so each instance forgets only that member's access
-- class instead of every member's. The version row is locked until the writing transaction commits, so versions
-- are committed in their order: an instance that reads version V has every change up to V to read. The latest 10,000
-- changes are kept (VIEWER_CHANGES_KEPT in lib/domain/page-cache.ts); an instance further behind forgets every class.
CREATE TABLE "viewer_changes" (
  "version" bigint PRIMARY KEY NOT NULL,
  "user_id" uuid
);
--> statement-breakpoint
CREATE FUNCTION "record_viewer_change"("who" uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "moved" bigint;
BEGIN
  UPDATE "cache_versions" SET "version" = "version" + 1 WHERE "tag" = 'viewers' RETURNING "version" INTO "moved";
  IF "moved" IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO "viewer_changes" ("version", "user_id") VALUES ("moved", "who");
  DELETE FROM "viewer_changes" WHERE "version" <= "moved" - 10000;
END
$$;
--> statement-breakpoint
-- sessions and grants: the member in user_id (both, when an update moves a row to another member).
CREATE FUNCTION "viewer_changed_by_user_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "record_viewer_change"(NEW."user_id");
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "record_viewer_change"(OLD."user_id");
  ELSE
    PERFORM "record_viewer_change"(OLD."user_id");
    IF NEW."user_id" IS DISTINCT FROM OLD."user_id" THEN
      PERFORM "record_viewer_change"(NEW."user_id");
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "viewer_changed_by_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "record_viewer_change"(OLD."id");
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A table emptied changes everyone.
CREATE FUNCTION "viewer_changed_for_everyone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "record_viewer_change"(NULL);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "sessions_revoked_viewer_version" ON "sessions";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "sessions_deleted_viewer_version" ON "sessions";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "sessions_truncated_viewer_version" ON "sessions";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "grants_viewer_version" ON "grants";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "grants_truncated_viewer_version" ON "grants";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_role_viewer_version" ON "users";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_deleted_viewer_version" ON "users";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_truncated_viewer_version" ON "users";
--> statement-breakpoint
CREATE TRIGGER "sessions_revoked_viewer_version" AFTER UPDATE OF "revoked_at", "expires_at", "user_id", "token_hash" ON "sessions"
  FOR EACH ROW WHEN (OLD."revoked_at" IS DISTINCT FROM NEW."revoked_at" OR OLD."expires_at" IS DISTINCT FROM NEW."expires_at"
    OR OLD."user_id" IS DISTINCT FROM NEW."user_id" OR OLD."token_hash" IS DISTINCT FROM NEW."token_hash")
  EXECUTE FUNCTION "viewer_changed_by_user_id"();
--> statement-breakpoint
CREATE TRIGGER "sessions_deleted_viewer_version" AFTER DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "viewer_changed_by_user_id"();
--> statement-breakpoint
CREATE TRIGGER "sessions_truncated_viewer_version" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "viewer_changed_for_everyone"();
--> statement-breakpoint
CREATE TRIGGER "grants_viewer_version" AFTER INSERT OR UPDATE OR DELETE ON "grants"
  FOR EACH ROW EXECUTE FUNCTION "viewer_changed_by_user_id"();
--> statement-breakpoint
CREATE TRIGGER "grants_truncated_viewer_version" AFTER TRUNCATE ON "grants"
  FOR EACH STATEMENT EXECUTE FUNCTION "viewer_changed_for_everyone"();
--> statement-breakpoint
CREATE TRIGGER "users_role_viewer_version" AFTER UPDATE OF "role" ON "users"
  FOR EACH ROW WHEN (OLD."role" IS DISTINCT FROM NEW."role") EXECUTE FUNCTION "viewer_changed_by_id"();
--> statement-breakpoint
CREATE TRIGGER "users_deleted_viewer_version" AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "viewer_changed_by_id"();
--> statement-breakpoint
CREATE TRIGGER "users_truncated_viewer_version" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "viewer_changed_for_everyone"();
