CREATE TYPE "public"."waiting_list_status" AS ENUM('WAITING', 'OFFERED', 'ACCEPTED', 'EXPIRED', 'REMOVED', 'LEFT');--> statement-breakpoint
CREATE TABLE "waiting_list_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"organization_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"occurrence_id" uuid,
	"ticket_type_id" uuid NOT NULL,
	"inventory_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"quantity" integer NOT NULL,
	"status" "waiting_list_status" DEFAULT 'WAITING' NOT NULL,
	"access_token_hash" text NOT NULL,
	"offer_token_hash" text,
	"offered_quantity" integer DEFAULT 0 NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"booking_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "waiting_list_entries_quantity_check" CHECK ("waiting_list_entries"."quantity" between 1 and 100),
	CONSTRAINT "waiting_list_entries_offered_check" CHECK ("waiting_list_entries"."offered_quantity" >= 0 and "waiting_list_entries"."offered_quantity" <= "waiting_list_entries"."quantity")
);
--> statement-breakpoint
CREATE TABLE "waiting_list_pools" (
	"inventory_id" uuid PRIMARY KEY NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "waiting_list_pools_held_check" CHECK ("waiting_list_pools"."held" >= 0)
);
--> statement-breakpoint
CREATE TABLE "waiting_list_settings" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"offer_hours" integer DEFAULT 24 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "waiting_list_settings_offer_hours_check" CHECK ("waiting_list_settings"."offer_hours" between 1 and 168)
);
--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_occurrence_id_event_occurrences_id_fk" FOREIGN KEY ("occurrence_id") REFERENCES "public"."event_occurrences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_ticket_type_id_event_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."event_ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_inventory_id_ticket_inventory_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."ticket_inventory"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_pools" ADD CONSTRAINT "waiting_list_pools_inventory_id_ticket_inventory_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."ticket_inventory"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_settings" ADD CONSTRAINT "waiting_list_settings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_list_entries_seq_idx" ON "waiting_list_entries" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "waiting_list_entries_line_idx" ON "waiting_list_entries" USING btree ("inventory_id","status","seq");--> statement-breakpoint
CREATE INDEX "waiting_list_entries_event_idx" ON "waiting_list_entries" USING btree ("event_id","seq");--> statement-breakpoint
CREATE INDEX "waiting_list_entries_offer_due_idx" ON "waiting_list_entries" USING btree ("offer_expires_at") WHERE "waiting_list_entries"."status" = 'OFFERED';--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_list_entries_active_email_idx" ON "waiting_list_entries" USING btree ("inventory_id",lower("email")) WHERE "waiting_list_entries"."status" in ('WAITING', 'OFFERED');
--> statement-breakpoint
-- Seats that come back while people wait stay taken for the waiting list (docs/waiting-list.md): every
-- path that gives seats back (the hold sweep, a cancelled or failed hold, a refund, a cancelled event)
-- lowers ticket_inventory.sold; this trigger keeps, in that same statement and transaction, as many of
-- them as the waiting people of an open list still want beyond what is already kept, and records them
-- in waiting_list_pools. The waiting list's own moves (an offer taken to checkout, a pool given back)
-- set marquee.waiting_list_bypass for their transaction.
CREATE OR REPLACE FUNCTION waiting_list_keep_returned() RETURNS trigger AS $$
DECLARE
  returned integer;
  wanted integer;
  kept integer;
  keep integer;
BEGIN
  IF NEW.sold >= OLD.sold OR coalesce(current_setting('marquee.waiting_list_bypass', true), '') = 'on' THEN
    RETURN NEW;
  END IF;
  returned := OLD.sold - NEW.sold;
  SELECT coalesce(sum(e.quantity), 0) INTO wanted
    FROM waiting_list_entries e
    LEFT JOIN waiting_list_settings s ON s.event_id = e.event_id
    JOIN events ev ON ev.id = e.event_id AND ev.status = 'PUBLISHED'
    WHERE e.inventory_id = NEW.id AND e.status = 'WAITING' AND coalesce(s.enabled, true);
  IF wanted = 0 THEN
    RETURN NEW;
  END IF;
  SELECT coalesce(max(p.held), 0) INTO kept FROM waiting_list_pools p WHERE p.inventory_id = NEW.id;
  keep := least(returned, greatest(wanted - kept, 0));
  IF keep > 0 THEN
    NEW.sold := NEW.sold + keep;
    INSERT INTO waiting_list_pools (inventory_id, held, updated_at) VALUES (NEW.id, keep, now())
      ON CONFLICT (inventory_id) DO UPDATE SET held = waiting_list_pools.held + EXCLUDED.held, updated_at = now();
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ticket_inventory_waiting_list_keep BEFORE UPDATE OF sold ON ticket_inventory
  FOR EACH ROW EXECUTE FUNCTION waiting_list_keep_returned();
