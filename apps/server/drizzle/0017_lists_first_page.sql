-- Every list's first page at 1,000,000 orders (docs/performance.md "Lists at scale"). One trigram index
-- over a row's searchable text replaces 0016's one per column on bookings and users: a search compares
-- that text first (src/db/search-text.ts writes the very expressions of these indexes; keep them equal).
-- Events get theirs on title and venue; refund requests their newest-first order, per status and over
-- all; scans the (event, scanner) pairs the history's scanner filter reads by a loose index scan.
-- At a million orders a trigram index takes longer to build than the pool's statement timeout (30 s):
-- this transaction lifts it, and gives the builds more memory than the default 64 MB.
SET LOCAL statement_timeout = 0;--> statement-breakpoint
SET LOCAL maintenance_work_mem = '256MB';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bookings_search_trgm_idx" ON "bookings" USING gin (("code" || ' ' || "buyer_name" || ' ' || "buyer_email") gin_trgm_ops);--> statement-breakpoint
DROP INDEX IF EXISTS "bookings_code_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "bookings_buyer_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "bookings_buyer_email_trgm_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_search_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || "username" || ' ' || coalesce("phone", '')) gin_trgm_ops);--> statement-breakpoint
DROP INDEX IF EXISTS "users_first_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "users_last_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "users_full_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "users_email_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "users_username_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "users_phone_trgm_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_title_trgm_idx" ON "events" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_venue_name_trgm_idx" ON "events" USING gin ("venue_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "refund_requests_status_created_idx" ON "refund_requests" USING btree ("status", "created_at" DESC, "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "refund_requests_created_idx" ON "refund_requests" USING btree ("created_at" DESC, "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "scans_event_scanner_idx" ON "scans" USING btree ("event_id", "scanned_by");--> statement-breakpoint
-- The planner estimates a search from the statistics of the expression indexes, which ANALYZE gathers.
ANALYZE "bookings";--> statement-breakpoint
ANALYZE "users";--> statement-breakpoint
ANALYZE "events";
