-- Secrets the installation makes for itself at its first start (the sandbox's webhook signing secret):
-- no value known from the repository can confirm a payment on any server (docs/security.md).
CREATE TABLE "installation_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
