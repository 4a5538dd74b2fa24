CREATE TABLE "login_failures" (
	"username" text NOT NULL,
	"source" text NOT NULL,
	"failures" integer NOT NULL,
	"last_attempt_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_failures_username_source_pk" PRIMARY KEY("username","source")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "failed_signature_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_failed_signature_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "login_failures_last_attempt_idx" ON "login_failures" USING btree ("last_attempt_at");