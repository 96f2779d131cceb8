ALTER TABLE "non_profit_exemptions" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "non_profit_exemptions" ADD COLUMN "decision_reason" text;--> statement-breakpoint
ALTER TABLE "organizer_request_details" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organizer_request_details" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "organizer_request_details" ADD COLUMN "decision_reason" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "non_profit_exemptions" ADD CONSTRAINT "non_profit_exemptions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizer_request_details" ADD CONSTRAINT "organizer_request_details_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bookings_confirmed_idx" ON "bookings" USING btree ("organization_id","confirmed_at") WHERE "bookings"."confirmed_at" is not null;--> statement-breakpoint
CREATE INDEX "bookings_confirmed_at_idx" ON "bookings" USING btree ("confirmed_at") WHERE "bookings"."confirmed_at" is not null;--> statement-breakpoint
CREATE INDEX "refunds_processed_idx" ON "refunds" USING btree ("organization_id","processed_at") WHERE "refunds"."processed_at" is not null;--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_organizer_request_pending_idx" ON "users" USING btree ("updated_at") WHERE "users"."organizer_request" = 'PENDING';--> statement-breakpoint
-- Existing organizations read their days in the zone of their most recently created event that has one.
UPDATE "organizations" o SET "time_zone" = e."time_zone"
FROM (
  SELECT DISTINCT ON ("organization_id") "organization_id", "time_zone"
  FROM "events" WHERE "time_zone" IS NOT NULL
  ORDER BY "organization_id", "created_at" DESC
) e
WHERE e."organization_id" = o."id";
