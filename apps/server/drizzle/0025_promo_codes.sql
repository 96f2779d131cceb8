CREATE TYPE "public"."promo_code_kind" AS ENUM('PERCENT', 'FIXED', 'REVEAL');--> statement-breakpoint
CREATE TYPE "public"."promo_code_status" AS ENUM('ACTIVE', 'PAUSED');--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"code" text NOT NULL,
	"kind" "promo_code_kind" NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"ticket_type_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"occurrence_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"max_uses" integer,
	"max_uses_per_buyer" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"status" "promo_code_status" DEFAULT 'ACTIVE' NOT NULL,
	"batch_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_uses_check" CHECK ("promo_codes"."uses" >= 0 and ("promo_codes"."max_uses" is null or "promo_codes"."uses" <= "promo_codes"."max_uses")),
	CONSTRAINT "promo_codes_amount_check" CHECK (("promo_codes"."kind" = 'PERCENT' and "promo_codes"."amount" between 1 and 100) or ("promo_codes"."kind" = 'FIXED' and "promo_codes"."amount" >= 1) or ("promo_codes"."kind" = 'REVEAL' and "promo_codes"."amount" = 0)),
	CONSTRAINT "promo_codes_limits_check" CHECK (("promo_codes"."max_uses" is null or "promo_codes"."max_uses" >= 1) and ("promo_codes"."max_uses_per_buyer" is null or "promo_codes"."max_uses_per_buyer" >= 1))
);
--> statement-breakpoint
ALTER TABLE "booking_lines" ADD COLUMN "unit_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "promo_code_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "promo_use_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_ticket_types" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_event_code_idx" ON "promo_codes" USING btree ("event_id","code");--> statement-breakpoint
CREATE INDEX "promo_codes_batch_idx" ON "promo_codes" USING btree ("batch_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_promo_code_idx" ON "bookings" USING btree ("promo_code_id") WHERE "bookings"."promo_code_id" is not null;