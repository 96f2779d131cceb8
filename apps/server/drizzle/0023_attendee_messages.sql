CREATE TABLE "attendee_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"sender_id" uuid,
	"sender_name" text NOT NULL,
	"sender_email" text,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"audience" jsonb NOT NULL,
	"audience_label" text NOT NULL,
	"recipient_count" integer NOT NULL,
	"request_key" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "attendee_messages_recipients_check" CHECK ("attendee_messages"."recipient_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "organization_message_quotas" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"hour_start" timestamp with time zone NOT NULL,
	"sends_in_hour" integer DEFAULT 0 NOT NULL,
	"day_start" timestamp with time zone NOT NULL,
	"recipients_in_day" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "organization_message_quotas_check" CHECK ("organization_message_quotas"."sends_in_hour" >= 0 and "organization_message_quotas"."recipients_in_day" >= 0)
);
--> statement-breakpoint
ALTER TABLE "attendee_messages" ADD CONSTRAINT "attendee_messages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendee_messages" ADD CONSTRAINT "attendee_messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendee_messages" ADD CONSTRAINT "attendee_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_message_quotas" ADD CONSTRAINT "organization_message_quotas_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendee_messages_event_idx" ON "attendee_messages" USING btree ("event_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "attendee_messages_request_key_idx" ON "attendee_messages" USING btree ("sender_id","request_key") WHERE "attendee_messages"."request_key" is not null;