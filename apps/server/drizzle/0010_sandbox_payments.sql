CREATE TYPE "public"."sandbox_payment_status" AS ENUM('REQUIRES_PAYMENT', 'PROCESSING', 'SUCCEEDED', 'FAILED');--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"booking_id" text NOT NULL,
	"booking_code" text NOT NULL,
	"description" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"application_fee" integer NOT NULL,
	"destination_account_id" text,
	"return_url" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" "sandbox_payment_status" DEFAULT 'REQUIRES_PAYMENT' NOT NULL,
	"failure_reason" text,
	"link_token_hash" text,
	"link_expires_at" timestamp with time zone,
	"nonce_hash" text,
	"nonce_expires_at" timestamp with time zone,
	"card_last4" text,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payments_idempotency_idx" ON "sandbox_payments" USING btree ("idempotency_key");