CREATE TYPE "public"."member_status" AS ENUM('INVITED', 'ACTIVE', 'INACTIVE');--> statement-breakpoint
CREATE TYPE "public"."payout_status" AS ENUM('NOT_STARTED', 'PENDING', 'ACTIVE', 'RESTRICTED');--> statement-breakpoint
CREATE TYPE "public"."refund_approval" AS ENUM('MANUAL', 'AUTOMATIC');--> statement-breakpoint
CREATE TYPE "public"."refund_policy" AS ENUM('NONE', 'UNTIL_HOURS_BEFORE_START', 'ANY_TIME_BEFORE_START');--> statement-breakpoint
CREATE TYPE "public"."service_fee_payer" AS ENUM('BUYER', 'ABSORBED');--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"actor_role" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"organization_id" uuid,
	"before" jsonb,
	"after" jsonb,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"status" "member_status" DEFAULT 'INVITED' NOT NULL,
	"invitation_token_id" uuid,
	"invited_at" timestamp with time zone,
	"invitation_expires_at" timestamp with time zone,
	"invited_by" uuid,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"logo" text,
	"contact_email" text,
	"contact_phone" text,
	"address" text,
	"website" text,
	"social_links" jsonb NOT NULL,
	"currency" text NOT NULL,
	"refund_policy" "refund_policy" DEFAULT 'UNTIL_HOURS_BEFORE_START' NOT NULL,
	"refund_hours_before_start" integer DEFAULT 24,
	"refund_approval" "refund_approval" DEFAULT 'MANUAL' NOT NULL,
	"refund_service_fee" boolean DEFAULT false NOT NULL,
	"max_tickets_per_order" integer DEFAULT 10 NOT NULL,
	"service_fee_paid_by" "service_fee_payer" DEFAULT 'BUYER' NOT NULL,
	"transfers_allowed" boolean DEFAULT true NOT NULL,
	"payout_account_id" text,
	"payout_status" "payout_status" DEFAULT 'NOT_STARTED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_invitation_token_id_account_tokens_id_fk" FOREIGN KEY ("invitation_token_id") REFERENCES "public"."account_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_organization_idx" ON "audit_log" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_members_email_idx" ON "organization_members" USING btree ("organization_id",lower("email"));--> statement-breakpoint
CREATE INDEX "organization_members_user_idx" ON "organization_members" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "organization_members_token_idx" ON "organization_members" USING btree ("invitation_token_id");--> statement-breakpoint
CREATE INDEX "organizations_owner_idx" ON "organizations" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "organizations_name_idx" ON "organizations" USING btree ("name");