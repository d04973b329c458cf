CREATE TABLE "search_documents" (
	"kind" text NOT NULL,
	"ref_id" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"tokens" text DEFAULT '' NOT NULL,
	"tsv" "tsvector" NOT NULL,
	"min_level" integer DEFAULT 0 NOT NULL,
	"url" text NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source_hash" text NOT NULL,
	"sort_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_documents_kind_ref_id_pk" PRIMARY KEY("kind","ref_id"),
	CONSTRAINT "search_documents_kind_check" CHECK ("search_documents"."kind" in ('master', 'stock', 'strategy', 'article', 'member'))
);
--> statement-breakpoint
CREATE INDEX "search_documents_tsv_idx" ON "search_documents" USING gin ("tsv");