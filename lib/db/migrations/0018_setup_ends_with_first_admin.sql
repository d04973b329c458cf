-- The first-run setup (/setup, ADR 0034) ends for good when an administrator first exists, however that happens: the
-- setup page, `user:create --role admin`, psql, another instance. The row trigger records it (`admin_appointed_at`,
-- never removed) and deletes every setup token in the same transaction; the setup refuses any token once the record
-- exists, so a token issued by an instance that raced the first administrator, or one left from before, is never
-- good again, even when that administrator is later demoted. A database with an administrator already has the record.
CREATE FUNCTION "end_first_run_setup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "app_meta" ("key", "value", "updated_at") VALUES ('admin_appointed_at', now()::text, now())
    ON CONFLICT ("key") DO NOTHING;
  DELETE FROM "app_meta" WHERE "key" LIKE 'setup\_token:%';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_admin_ends_setup" AFTER INSERT OR UPDATE OF "role" ON "users"
  FOR EACH ROW WHEN (NEW."role" = 'admin') EXECUTE FUNCTION "end_first_run_setup"();
--> statement-breakpoint
INSERT INTO "app_meta" ("key", "value", "updated_at")
  SELECT 'admin_appointed_at', now()::text, now() WHERE EXISTS (SELECT 1 FROM "users" WHERE "role" = 'admin')
  ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
DELETE FROM "app_meta" WHERE "key" LIKE 'setup\_token:%' AND EXISTS (SELECT 1 FROM "users" WHERE "role" = 'admin');
