CREATE TABLE "event_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_slugs" ADD CONSTRAINT "event_slugs_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_slugs_event_idx" ON "event_slugs" USING btree ("event_id");--> statement-breakpoint
-- Every event published so far keeps its slug: it is the first line of its history.
INSERT INTO "event_slugs" ("slug", "event_id", "created_at")
SELECT "slug", "id", coalesce("published_at", "created_at") FROM "events" WHERE "slug" IS NOT NULL
ON CONFLICT DO NOTHING;
