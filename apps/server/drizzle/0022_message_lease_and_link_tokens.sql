CREATE TABLE "booking_link_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"issued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outgoing_messages" ADD COLUMN "leased_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_link_tokens" ADD CONSTRAINT "booking_link_tokens_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_link_tokens_booking_idx" ON "booking_link_tokens" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "outgoing_messages_unsent_idx" ON "outgoing_messages" USING btree ("status") WHERE "outgoing_messages"."status" <> 'SENT';--> statement-breakpoint
CREATE INDEX "outgoing_messages_sent_idx" ON "outgoing_messages" USING btree ("sent_at") WHERE "outgoing_messages"."status" = 'SENT';