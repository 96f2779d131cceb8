CREATE TYPE "public"."outgoing_message_channel" AS ENUM('EMAIL', 'SMS');--> statement-breakpoint
CREATE TYPE "public"."outgoing_message_status" AS ENUM('PENDING', 'SENT', 'FAILED');--> statement-breakpoint
CREATE TABLE "outgoing_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"kind" text NOT NULL,
	"channel" "outgoing_message_channel" NOT NULL,
	"recipient" text NOT NULL,
	"data" jsonb NOT NULL,
	"secrets" jsonb,
	"order_id" uuid,
	"event_id" uuid,
	"organization_id" uuid,
	"intent_key" text NOT NULL,
	"status" "outgoing_message_status" DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "outgoing_messages_intent_key" ON "outgoing_messages" USING btree ("intent_key");--> statement-breakpoint
CREATE INDEX "outgoing_messages_due_idx" ON "outgoing_messages" USING btree ("next_attempt_at") WHERE "outgoing_messages"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "outgoing_messages_order_idx" ON "outgoing_messages" USING btree ("order_id");