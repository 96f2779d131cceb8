CREATE TYPE "public"."sandbox_payout_status" AS ENUM('PENDING', 'ACTIVE', 'RESTRICTED');--> statement-breakpoint
CREATE TABLE "sandbox_payout_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"email" text,
	"country" text,
	"status" "sandbox_payout_status" DEFAULT 'PENDING' NOT NULL,
	"link_token_hash" text,
	"link_return_url" text,
	"link_refresh_url" text,
	"link_expires_at" timestamp with time zone,
	"nonce_hash" text,
	"nonce_expires_at" timestamp with time zone,
	"dashboard_token_hash" text,
	"dashboard_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"onboarded_at" timestamp with time zone
);
