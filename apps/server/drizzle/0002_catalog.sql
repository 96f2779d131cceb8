CREATE TYPE "public"."banner_link_type" AS ENUM('EVENT', 'CATEGORY', 'URL');--> statement-breakpoint
CREATE TYPE "public"."catalog_status" AS ENUM('ACTIVE', 'INACTIVE');--> statement-breakpoint
CREATE TYPE "public"."reason_kind" AS ENUM('REFUND_REQUEST', 'REFUND_DECLINE', 'EVENT_REPORT', 'EVENT_CANCEL');--> statement-breakpoint
CREATE TYPE "public"."catalog_request_kind" AS ENUM('CATEGORY', 'SUBCATEGORY', 'TAG');--> statement-breakpoint
CREATE TYPE "public"."catalog_request_status" AS ENUM('PENDING', 'APPROVED', 'REJECTED');--> statement-breakpoint
CREATE TYPE "public"."banner_visibility" AS ENUM('BEFORE_LOGIN', 'AFTER_LOGIN', 'BOTH');--> statement-breakpoint
CREATE TABLE "banners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"image" text NOT NULL,
	"thumbnail" text,
	"link_type" "banner_link_type" NOT NULL,
	"link_value" text NOT NULL,
	"visibility" "banner_visibility" DEFAULT 'BOTH' NOT NULL,
	"status" "catalog_status" DEFAULT 'ACTIVE' NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"active_from" timestamp with time zone,
	"active_to" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "catalog_request_kind" NOT NULL,
	"name" text NOT NULL,
	"note" text,
	"category_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"status" "catalog_request_status" DEFAULT 'PENDING' NOT NULL,
	"rejection_reason" text,
	"requested_by" uuid NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_item_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"image" text,
	"thumbnail" text,
	"status" "catalog_status" DEFAULT 'ACTIVE' NOT NULL,
	"is_popular" boolean DEFAULT false NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "class_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "class_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "reasons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "reason_kind" NOT NULL,
	"text" text NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"status" "catalog_status" DEFAULT 'ACTIVE' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subcategories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"image" text,
	"thumbnail" text,
	"status" "catalog_status" DEFAULT 'ACTIVE' NOT NULL,
	"is_popular" boolean DEFAULT false NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subcategory_categories" (
	"subcategory_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	CONSTRAINT "subcategory_categories_subcategory_id_category_id_pk" PRIMARY KEY("subcategory_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"status" "catalog_status" DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ticket_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "catalog_requests" ADD CONSTRAINT "catalog_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_requests" ADD CONSTRAINT "catalog_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subcategory_categories" ADD CONSTRAINT "subcategory_categories_subcategory_id_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."subcategories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subcategory_categories" ADD CONSTRAINT "subcategory_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_order_idx" ON "banners" USING btree ("order");--> statement-breakpoint
CREATE INDEX "catalog_requests_kind_status_idx" ON "catalog_requests" USING btree ("kind","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_requests_pending_name_idx" ON "catalog_requests" USING btree ("kind",lower("name")) WHERE status = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_lower_idx" ON "categories" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "reasons_kind_text_idx" ON "reasons" USING btree ("kind",lower("text"));--> statement-breakpoint
CREATE UNIQUE INDEX "subcategories_name_lower_idx" ON "subcategories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "subcategory_categories_category_idx" ON "subcategory_categories" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_lower_idx" ON "tags" USING btree (lower("name"));