ALTER TYPE "public"."account_token_purpose" ADD VALUE 'EMAIL_CHANGE';--> statement-breakpoint
CREATE TABLE "organizer_request_details" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"organization_name" text NOT NULL,
	"description" text NOT NULL,
	"website" text,
	"phone" text NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_tokens" ADD COLUMN "new_email" text;--> statement-breakpoint
ALTER TABLE "organizer_request_details" ADD CONSTRAINT "organizer_request_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A number verified on several accounts before this index existed stays verified on the account that
-- changed last; the others must verify again.
UPDATE "users" SET "phone_verified" = false WHERE "phone_verified" AND "id" NOT IN (SELECT DISTINCT ON ("phone") "id" FROM "users" WHERE "phone_verified" ORDER BY "phone", "updated_at" DESC, "id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_phone_idx" ON "users" USING btree ("phone") WHERE "users"."phone_verified";