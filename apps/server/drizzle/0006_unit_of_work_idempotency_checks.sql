CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"route" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer,
	"body" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_scope_route_key_pk" PRIMARY KEY("scope","route","key")
);
--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "entity_id" SET DATA TYPE text;--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_idx" ON "idempotency_keys" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payout_accounts_organization_idx" ON "sandbox_payout_accounts" USING btree ("organization_id");--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_attempts_check" CHECK ("verification_codes"."attempts" >= 0);--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_order_check" CHECK ("banners"."order" >= 0);--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_order_check" CHECK ("categories"."order" >= 0);--> statement-breakpoint
ALTER TABLE "reasons" ADD CONSTRAINT "reasons_order_check" CHECK ("reasons"."order" >= 0);--> statement-breakpoint
ALTER TABLE "subcategories" ADD CONSTRAINT "subcategories_order_check" CHECK ("subcategories"."order" >= 0);--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_max_tickets_per_order_check" CHECK ("organizations"."max_tickets_per_order" >= 1);--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_refund_hours_check" CHECK ("organizations"."refund_hours_before_start" >= 0);--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_currency_check" CHECK ("organizations"."currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_failed_login_count_check" CHECK ("users"."failed_login_count" >= 0);