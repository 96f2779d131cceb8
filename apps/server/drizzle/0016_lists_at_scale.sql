-- Lists at scale (docs/performance.md "Lists at scale"). The contains-searches of lib/list.ts
-- (`column ILIKE '%term%'`) use these trigram indexes; the default sorts (newest order first) and the
-- event's ticket lists walk the composite ones instead of sorting the whole table.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bookings_code_trgm_idx" ON "bookings" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bookings_buyer_name_trgm_idx" ON "bookings" USING gin ("buyer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bookings_buyer_email_trgm_idx" ON "bookings" USING gin ("buyer_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tickets_attendee_name_trgm_idx" ON "tickets" USING gin ("attendee_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_first_name_trgm_idx" ON "users" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_last_name_trgm_idx" ON "users" USING gin ("last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_full_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_phone_trgm_idx" ON "users" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bookings_created_idx" ON "bookings" USING btree ("created_at" DESC, "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bookings_status_created_idx" ON "bookings" USING btree ("status", "created_at" DESC, "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bookings_event_created_idx" ON "bookings" USING btree ("event_id", "created_at" DESC, "id");
