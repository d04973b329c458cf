-- Issue 20 / ADR 0024: summaries made automatically before this migration were cut from the whole body, paid part
-- included. Markdown cannot be rendered in SQL, so this migration only records that the summaries of gated articles
-- are owed a recomputation; lib/db/data-migrations.ts does it right after, in the same migrateDatabase() call (server
-- start-up on PGlite, `cli db:migrate` on PostgreSQL), and marks the row done in the same transaction.
INSERT INTO "app_meta" ("key", "value") VALUES ('data_migration:0009_free_summaries', 'pending') ON CONFLICT ("key") DO NOTHING;
