CREATE TYPE "public"."sandbox_refund_status" AS ENUM('SUCCEEDED', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."due_purpose" AS ENUM('ORDER_REFUND', 'EVENT_CANCELLATION');--> statement-breakpoint
CREATE TYPE "public"."event_refund_job_status" AS ENUM('WAITING_FOR_DUE', 'QUEUED', 'RUNNING', 'COMPLETED', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."refund_request_status" AS ENUM('REQUESTED', 'APPROVED', 'DECLINED', 'PROCESSED');--> statement-breakpoint
CREATE TYPE "public"."refund_source" AS ENUM('BUYER_REQUEST', 'ORGANIZER', 'EVENT_CANCELLED');--> statement-breakpoint
CREATE TYPE "public"."refund_status" AS ENUM('PENDING', 'PROCESSED', 'FAILED');--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount" integer NOT NULL,
	"application_fee_refund" integer NOT NULL,
	"reverse_transfer" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" "sandbox_refund_status" NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "due_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"booking_id" uuid,
	"purpose" "due_purpose" NOT NULL,
	"status" "payment_status" DEFAULT 'PENDING' NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"redirect_url" text,
	"client_secret" text,
	"plan" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "due_payments_amount_check" CHECK ("due_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "event_refund_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"status" "event_refund_job_status" DEFAULT 'QUEUED' NOT NULL,
	"refund_service_fee" boolean NOT NULL,
	"currency" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"started_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "organization_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_request_tickets" (
	"request_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"status" "refund_request_status" DEFAULT 'REQUESTED' NOT NULL,
	"amount" integer NOT NULL,
	"refund_id" uuid,
	CONSTRAINT "refund_request_tickets_request_id_ticket_id_pk" PRIMARY KEY("request_id","ticket_id")
);
--> statement-breakpoint
CREATE TABLE "refund_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"status" "refund_request_status" DEFAULT 'REQUESTED' NOT NULL,
	"reason_id" uuid,
	"reason_text" text NOT NULL,
	"note" text,
	"decline_reason_id" uuid,
	"decline_reason_text" text,
	"decline_note" text,
	"requested_by" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_tickets" (
	"refund_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"fee_part" integer NOT NULL,
	CONSTRAINT "refund_tickets_refund_id_ticket_id_pk" PRIMARY KEY("refund_id","ticket_id")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"request_id" uuid,
	"source" "refund_source" NOT NULL,
	"status" "refund_status" DEFAULT 'PENDING' NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"fee_part" integer NOT NULL,
	"organizer_part" integer NOT NULL,
	"refund_service_fee" boolean NOT NULL,
	"reason" text,
	"provider" text,
	"provider_ref" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"initiated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "refunds_amounts_check" CHECK ("refunds"."amount" >= 0 and "refunds"."fee_part" >= 0 and "refunds"."fee_part" <= "refunds"."amount" and "refunds"."organizer_part" = "refunds"."amount" - "refunds"."fee_part")
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "booking_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "fee_refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "organizer_refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "paid_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "fee_refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "due_payments" ADD CONSTRAINT "due_payments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "due_payments" ADD CONSTRAINT "due_payments_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "due_payments" ADD CONSTRAINT "due_payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "due_payments" ADD CONSTRAINT "due_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_refund_jobs" ADD CONSTRAINT "event_refund_jobs_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_refund_jobs" ADD CONSTRAINT "event_refund_jobs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_refund_jobs" ADD CONSTRAINT "event_refund_jobs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_payouts" ADD CONSTRAINT "organization_payouts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_request_tickets" ADD CONSTRAINT "refund_request_tickets_request_id_refund_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."refund_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_request_tickets" ADD CONSTRAINT "refund_request_tickets_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_reason_id_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."reasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_decline_reason_id_reasons_id_fk" FOREIGN KEY ("decline_reason_id") REFERENCES "public"."reasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_tickets" ADD CONSTRAINT "refund_tickets_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_tickets" ADD CONSTRAINT "refund_tickets_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_request_id_refund_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."refund_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_initiated_by_users_id_fk" FOREIGN KEY ("initiated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_refunds_idempotency_idx" ON "sandbox_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "due_payments_provider_ref_idx" ON "due_payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "due_payments_organization_idx" ON "due_payments" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "due_payments_booking_idx" ON "due_payments" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_refund_jobs_event_idx" ON "event_refund_jobs" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "organization_payouts_organization_idx" ON "organization_payouts" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refund_request_tickets_open_idx" ON "refund_request_tickets" USING btree ("ticket_id") WHERE status = 'REQUESTED';--> statement-breakpoint
CREATE INDEX "refund_requests_booking_idx" ON "refund_requests" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "refund_requests_event_idx" ON "refund_requests" USING btree ("event_id","status","created_at");--> statement-breakpoint
CREATE INDEX "refund_requests_organization_idx" ON "refund_requests" USING btree ("organization_id","status","created_at");--> statement-breakpoint
CREATE INDEX "refund_tickets_ticket_idx" ON "refund_tickets" USING btree ("ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_idx" ON "refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "refunds_booking_idx" ON "refunds" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("updated_at") WHERE status = 'PENDING';--> statement-breakpoint
CREATE INDEX "refunds_organization_idx" ON "refunds" USING btree ("organization_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_posting_idx" ON "ledger_entries" USING btree ("group_id","account") WHERE kind in ('REFUND', 'PAYOUT', 'DUE_PAID');--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_refund_split_check" CHECK ("bookings"."fee_refunded" >= 0 and "bookings"."fee_refunded" <= "bookings"."service_fee" and "bookings"."organizer_refunded" >= 0 and "bookings"."fee_refunded" + "bookings"."organizer_refunded" = "bookings"."refunded");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_refund_check" CHECK ("tickets"."refunded" >= 0 and "tickets"."refunded" <= "tickets"."price" + "tickets"."fee" and "tickets"."fee_refunded" >= 0 and "tickets"."fee_refunded" <= "tickets"."fee" and "tickets"."fee_refunded" <= "tickets"."refunded");--> statement-breakpoint
-- Each seat's service fee, from the line it was sold on (tickets written before refunds existed).
UPDATE "tickets" t SET "fee" = l."unit_fee" FROM (SELECT "booking_id", "ticket_type_id", max("unit_fee") AS "unit_fee" FROM "booking_lines" GROUP BY 1, 2) l WHERE l."booking_id" = t."booking_id" AND l."ticket_type_id" = t."ticket_type_id";
