CREATE TABLE "article_likes" (
	"infoguid" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "article_likes_infoguid_user_id_pk" PRIMARY KEY("infoguid","user_id")
);
--> statement-breakpoint
CREATE TABLE "article_tags" (
	"infoguid" uuid NOT NULL,
	"tag" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "article_tags_infoguid_tag_pk" PRIMARY KEY("infoguid","tag"),
	CONSTRAINT "article_tags_tag_check" CHECK (char_length("article_tags"."tag") between 1 and 20)
);
--> statement-breakpoint
ALTER TABLE "article_likes" ADD CONSTRAINT "article_likes_infoguid_articles_infoguid_fk" FOREIGN KEY ("infoguid") REFERENCES "public"."articles"("infoguid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_likes" ADD CONSTRAINT "article_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_tags" ADD CONSTRAINT "article_tags_infoguid_articles_infoguid_fk" FOREIGN KEY ("infoguid") REFERENCES "public"."articles"("infoguid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_likes_user_idx" ON "article_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "article_tags_tag_idx" ON "article_tags" USING btree ("tag");