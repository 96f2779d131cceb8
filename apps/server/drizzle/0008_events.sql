CREATE TYPE "public"."class_booking_mode" AS ENUM('COURSE', 'DROP_IN');--> statement-breakpoint
CREATE TYPE "public"."ticket_pricing" AS ENUM('PAID', 'FREE', 'DONATION');--> statement-breakpoint
CREATE TYPE "public"."event_kind" AS ENUM('SINGLE', 'MULTI', 'CLASS');--> statement-breakpoint
CREATE TYPE "public"."event_status" AS ENUM('DRAFT', 'PUBLISHED', 'COMPLETED', 'CANCELLED');--> statement-breakpoint
CREATE TYPE "public"."event_team_role" AS ENUM('EVENT_ORGANIZER', 'SCANNER');--> statement-breakpoint
CREATE TYPE "public"."event_visibility" AS ENUM('PUBLIC', 'PRIVATE');--> statement-breakpoint
CREATE TYPE "public"."location_type" AS ENUM('VENUE', 'ONLINE');--> statement-breakpoint
CREATE TYPE "public"."occurrence_status" AS ENUM('SCHEDULED', 'CANCELLED');--> statement-breakpoint
CREATE TABLE "event_occurrences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"visibility" "event_visibility" DEFAULT 'PUBLIC' NOT NULL,
	"status" "occurrence_status" DEFAULT 'SCHEDULED' NOT NULL,
	"capacity" integer,
	"sold" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_occurrences_times_check" CHECK ("event_occurrences"."ends_at" > "event_occurrences"."starts_at"),
	CONSTRAINT "event_occurrences_capacity_check" CHECK ("event_occurrences"."capacity" is null or "event_occurrences"."capacity" >= 1),
	CONSTRAINT "event_occurrences_sold_check" CHECK ("event_occurrences"."sold" >= 0 and ("event_occurrences"."capacity" is null or "event_occurrences"."sold" <= "event_occurrences"."capacity"))
);
--> statement-breakpoint
CREATE TABLE "event_tags" (
	"event_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "event_tags_event_id_tag_id_pk" PRIMARY KEY("event_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "event_team" (
	"event_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"role" "event_team_role" NOT NULL,
	"assigned_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_team_event_id_member_id_pk" PRIMARY KEY("event_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "event_ticket_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"pricing" "ticket_pricing" NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"quantity" integer NOT NULL,
	"sale_starts_at" timestamp with time zone,
	"sale_ends_at" timestamp with time zone,
	"min_per_order" integer DEFAULT 1 NOT NULL,
	"max_per_order" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_ticket_types_price_check" CHECK ("event_ticket_types"."price" >= 0 and ("event_ticket_types"."pricing" <> 'FREE' or "event_ticket_types"."price" = 0)),
	CONSTRAINT "event_ticket_types_quantity_check" CHECK ("event_ticket_types"."quantity" >= 1),
	CONSTRAINT "event_ticket_types_per_order_check" CHECK ("event_ticket_types"."min_per_order" >= 1 and ("event_ticket_types"."max_per_order" is null or "event_ticket_types"."max_per_order" >= "event_ticket_types"."min_per_order"))
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" "event_kind" NOT NULL,
	"title" text NOT NULL,
	"title_key" text GENERATED ALWAYS AS (lower(regexp_replace(btrim(title), '\s+', ' ', 'g'))) STORED NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category_id" uuid,
	"subcategory_id" uuid,
	"class_type_id" uuid,
	"class_booking_mode" "class_booking_mode",
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"location_type" "location_type",
	"venue_name" text,
	"address" text,
	"latitude" double precision,
	"longitude" double precision,
	"online_url" text,
	"time_zone" text,
	"visibility" "event_visibility" DEFAULT 'PUBLIC' NOT NULL,
	"status" "event_status" DEFAULT 'DRAFT' NOT NULL,
	"is_blocked" boolean DEFAULT false NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"is_reported" boolean DEFAULT false NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"report_reason_id" uuid,
	"schedule" jsonb,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason_id" uuid,
	"cancel_note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_times_check" CHECK ("events"."ends_at" is null or "events"."starts_at" is null or "events"."ends_at" > "events"."starts_at"),
	CONSTRAINT "events_published_complete_check" CHECK ("events"."status" = 'DRAFT' or ("events"."starts_at" is not null and "events"."time_zone" is not null and "events"."location_type" is not null))
);
--> statement-breakpoint
CREATE TABLE "ticket_inventory" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"occurrence_id" uuid,
	"capacity" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ticket_inventory_sold_check" CHECK ("ticket_inventory"."sold" >= 0 and "ticket_inventory"."sold" <= "ticket_inventory"."capacity")
);
--> statement-breakpoint
ALTER TABLE "class_types" ADD COLUMN "booking_mode" "class_booking_mode" DEFAULT 'COURSE' NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "pricing" "ticket_pricing" DEFAULT 'PAID' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_occurrences" ADD CONSTRAINT "event_occurrences_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_tags" ADD CONSTRAINT "event_tags_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_tags" ADD CONSTRAINT "event_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_team" ADD CONSTRAINT "event_team_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_team" ADD CONSTRAINT "event_team_member_id_organization_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."organization_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_team" ADD CONSTRAINT "event_team_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_ticket_types" ADD CONSTRAINT "event_ticket_types_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_subcategory_id_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."subcategories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_class_type_id_class_types_id_fk" FOREIGN KEY ("class_type_id") REFERENCES "public"."class_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_report_reason_id_reasons_id_fk" FOREIGN KEY ("report_reason_id") REFERENCES "public"."reasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_cancel_reason_id_reasons_id_fk" FOREIGN KEY ("cancel_reason_id") REFERENCES "public"."reasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_inventory" ADD CONSTRAINT "ticket_inventory_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_inventory" ADD CONSTRAINT "ticket_inventory_ticket_type_id_event_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."event_ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_inventory" ADD CONSTRAINT "ticket_inventory_occurrence_id_event_occurrences_id_fk" FOREIGN KEY ("occurrence_id") REFERENCES "public"."event_occurrences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_occurrences_event_idx" ON "event_occurrences" USING btree ("event_id","starts_at");--> statement-breakpoint
CREATE INDEX "event_occurrences_starts_idx" ON "event_occurrences" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "event_tags_tag_idx" ON "event_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "event_team_member_idx" ON "event_team" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "event_ticket_types_event_idx" ON "event_ticket_types" USING btree ("event_id","position");--> statement-breakpoint
CREATE INDEX "events_organization_idx" ON "events" USING btree ("organization_id","status","starts_at");--> statement-breakpoint
CREATE INDEX "events_status_starts_idx" ON "events" USING btree ("status","starts_at");--> statement-breakpoint
CREATE INDEX "events_title_key_idx" ON "events" USING btree ("organization_id","title_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_inventory_type_occurrence_idx" ON "ticket_inventory" USING btree ("ticket_type_id",coalesce("occurrence_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE INDEX "ticket_inventory_event_idx" ON "ticket_inventory" USING btree ("event_id");--> statement-breakpoint
-- Reference lists now say how a ticket is priced and how a class is booked (docs/events.md):
-- the old ticket-type names were ticket names, not pricing kinds; nothing refers to them yet.
DELETE FROM "ticket_types";--> statement-breakpoint
UPDATE "class_types" SET "booking_mode" = 'DROP_IN' WHERE "name" IN ('Drop-in class', 'Private lesson');
