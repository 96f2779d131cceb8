-- Dashboards at scale (docs/dashboards.md "Speed"): hourly roll-ups of closed UTC hours, filled by the
-- roll-up job (lib/rollup.ts; empty here, so every figure is read from the base tables until it runs), and
-- covering indexes for the figures that are counts of current state (check-in, organizers, live events).
CREATE TABLE "hourly_event_sales" (
	"organization_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"orders" integer NOT NULL,
	"gross" bigint NOT NULL,
	"fees" bigint NOT NULL,
	"organizer_amount" bigint NOT NULL,
	"seats" integer NOT NULL,
	CONSTRAINT "hourly_event_sales_pk" PRIMARY KEY("organization_id","hour","event_id","currency")
);
--> statement-breakpoint
CREATE TABLE "hourly_refunds" (
	"organization_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee_part" bigint NOT NULL,
	"organizer_part" bigint NOT NULL,
	CONSTRAINT "hourly_refunds_pk" PRIMARY KEY("organization_id","hour","event_id","currency")
);
--> statement-breakpoint
CREATE TABLE "hourly_sales" (
	"hour" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"orders" integer NOT NULL,
	"gross" bigint NOT NULL,
	"fees" bigint NOT NULL,
	CONSTRAINT "hourly_sales_pk" PRIMARY KEY("hour","currency")
);
--> statement-breakpoint
CREATE TABLE "hourly_sign_ups" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"users" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hourly_ticket_type_sales" (
	"organization_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"name" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"seats" integer NOT NULL,
	"gross" bigint NOT NULL,
	CONSTRAINT "hourly_ticket_type_sales_pk" PRIMARY KEY("organization_id","hour","ticket_type_id","name","currency")
);
--> statement-breakpoint
CREATE TABLE "rollup_watermarks" (
	"name" text PRIMARY KEY NOT NULL,
	"rolled_until" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "hourly_refunds_hour_idx" ON "hourly_refunds" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "tickets_valid_checkin_idx" ON "tickets" USING btree ("event_id","occurrence_id","scanned_at") WHERE "tickets"."status" = 'VALID';--> statement-breakpoint
CREATE INDEX "events_live_idx" ON "events" USING btree ("ends_at") WHERE "events"."status" = 'PUBLISHED' and not "events"."is_blocked" and not "events"."is_archived";--> statement-breakpoint
CREATE INDEX "events_blocked_idx" ON "events" USING btree ("id") WHERE "events"."is_blocked";--> statement-breakpoint
CREATE INDEX "refunds_processed_at_idx" ON "refunds" USING btree ("processed_at") WHERE "refunds"."processed_at" is not null;--> statement-breakpoint
CREATE INDEX "users_approved_organizers_idx" ON "users" USING btree ("created_at") WHERE "users"."organizer_request" = 'APPROVED';