CREATE TABLE "audit_chain_head" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"position" bigint NOT NULL,
	"chain_hmac" "bytea" NOT NULL,
	"legacy_max_id" bigint NOT NULL,
	"key_check" "bytea",
	CONSTRAINT "audit_chain_head_one_row" CHECK ("audit_chain_head"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "chain_position" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "chain_hmac" "bytea";--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_chain_position_key" ON "audit_log" USING btree ("chain_position");--> statement-breakpoint
-- The chain starts from a fixed genesis value (32 zero bytes) at position 1. The rows already in
-- the table were written before the chain existed: the migration has no key to chain them, so
-- they stay as they are, and verification counts them as unchained (decision 015).
INSERT INTO "audit_chain_head" ("id", "position", "chain_hmac", "legacy_max_id")
  SELECT 1, 0, decode(repeat('00', 32), 'hex'), coalesce(max("id"), 0) FROM "audit_log";
