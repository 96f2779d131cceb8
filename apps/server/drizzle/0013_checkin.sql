CREATE TYPE "public"."scan_result" AS ENUM('ADMITTED', 'ALREADY_SCANNED', 'REFUNDED', 'CANCELLED', 'WRONG_EVENT', 'WRONG_DATE', 'NOT_FOUND', 'MARKED_SCANNED', 'MARKED_NOT_SCANNED');--> statement-breakpoint
CREATE TYPE "public"."scan_source" AS ENUM('ONLINE', 'OFFLINE', 'MANUAL');--> statement-breakpoint
CREATE TABLE "scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"occurrence_id" uuid,
	"ticket_id" uuid,
	"code_tail" text,
	"result" "scan_result" NOT NULL,
	"source" "scan_source" NOT NULL,
	"conflict" boolean DEFAULT false NOT NULL,
	"previous_scan_id" uuid,
	"scanned_by" uuid,
	"device_id" text,
	"nonce" uuid,
	"scanned_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_admissions" (
	"ticket_id" uuid NOT NULL,
	"occurrence_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"admitted_at" timestamp with time zone NOT NULL,
	"admitted_by" uuid,
	"device_id" text,
	"source" "scan_source" NOT NULL,
	"scan_id" uuid NOT NULL,
	CONSTRAINT "ticket_admissions_ticket_id_occurrence_id_pk" PRIMARY KEY("ticket_id","occurrence_id")
);
--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_occurrence_id_event_occurrences_id_fk" FOREIGN KEY ("occurrence_id") REFERENCES "public"."event_occurrences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_scanned_by_users_id_fk" FOREIGN KEY ("scanned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_admissions" ADD CONSTRAINT "ticket_admissions_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_admissions" ADD CONSTRAINT "ticket_admissions_occurrence_id_event_occurrences_id_fk" FOREIGN KEY ("occurrence_id") REFERENCES "public"."event_occurrences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_admissions" ADD CONSTRAINT "ticket_admissions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_admissions" ADD CONSTRAINT "ticket_admissions_admitted_by_users_id_fk" FOREIGN KEY ("admitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scans_nonce_idx" ON "scans" USING btree ("nonce");--> statement-breakpoint
CREATE INDEX "scans_event_time_idx" ON "scans" USING btree ("event_id","scanned_at");--> statement-breakpoint
CREATE INDEX "scans_ticket_idx" ON "scans" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_admissions_occurrence_idx" ON "ticket_admissions" USING btree ("occurrence_id");