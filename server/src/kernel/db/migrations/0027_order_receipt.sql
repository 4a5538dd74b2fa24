CREATE TYPE "public"."package_condition" AS ENUM('intact', 'damaged');--> statement-breakpoint
CREATE TABLE "order_receipts" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"received_activity" numeric(14, 4),
	"received_at" timestamp with time zone,
	"activity_unit" "activity_unit",
	"expected_activity" double precision,
	"deviation_percent" double precision,
	"tolerance_percent" integer NOT NULL,
	"package_condition" "package_condition" NOT NULL,
	"deviation" boolean NOT NULL,
	"comment" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_receipts_assay" CHECK (("order_receipts"."received_activity" is null) = ("order_receipts"."received_at" is null) and "order_receipts"."received_activity" > 0),
	CONSTRAINT "order_receipts_deviation_reason" CHECK (not "order_receipts"."deviation" or "order_receipts"."comment" is not null)
);
--> statement-breakpoint
ALTER TABLE "drugs" ADD COLUMN "receipt_tolerance_percent" integer;--> statement-breakpoint
ALTER TABLE "order_receipts" ADD CONSTRAINT "order_receipts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_receipts" ADD CONSTRAINT "order_receipts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drugs" ADD CONSTRAINT "drugs_receipt_tolerance_percent_range" CHECK ("drugs"."receipt_tolerance_percent" between 1 and 100);