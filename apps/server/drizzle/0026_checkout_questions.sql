CREATE TYPE "public"."checkout_question_scope" AS ENUM('ORDER', 'ATTENDEE');--> statement-breakpoint
CREATE TYPE "public"."checkout_question_type" AS ENUM('SHORT_TEXT', 'LONG_TEXT', 'SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'CHECKBOX', 'NUMBER', 'DATE', 'PHONE', 'EMAIL');--> statement-breakpoint
CREATE TABLE "checkout_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"question_id" uuid,
	"builtin" text,
	"ticket_type_id" uuid,
	"seat" integer,
	"label" text NOT NULL,
	"type" "checkout_question_type" NOT NULL,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer NOT NULL,
	"value" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "checkout_answers_subject_check" CHECK (("checkout_answers"."question_id" is null) <> ("checkout_answers"."builtin" is null)),
	CONSTRAINT "checkout_answers_seat_check" CHECK (("checkout_answers"."ticket_type_id" is null) = ("checkout_answers"."seat" is null))
);
--> statement-breakpoint
CREATE TABLE "checkout_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"scope" "checkout_question_scope" NOT NULL,
	"type" "checkout_question_type" NOT NULL,
	"label" text NOT NULL,
	"help_text" text DEFAULT '' NOT NULL,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"ticket_type_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "attendee_emails" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_answers" ADD CONSTRAINT "checkout_answers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_answers" ADD CONSTRAINT "checkout_answers_question_id_checkout_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."checkout_questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_answers" ADD CONSTRAINT "checkout_answers_ticket_type_id_event_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."event_ticket_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_questions" ADD CONSTRAINT "checkout_questions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_questions" ADD CONSTRAINT "checkout_questions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_answers_booking_idx" ON "checkout_answers" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_answers_once_idx" ON "checkout_answers" USING btree ("booking_id",coalesce("question_id"::text, "builtin"),coalesce("ticket_type_id"::text, ''),coalesce("seat", -1));--> statement-breakpoint
CREATE INDEX "checkout_questions_event_idx" ON "checkout_questions" USING btree ("event_id","position") WHERE "checkout_questions"."deleted_at" is null;