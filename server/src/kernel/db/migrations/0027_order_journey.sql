CREATE TYPE "public"."package_condition" AS ENUM('intact', 'damaged');--> statement-breakpoint
ALTER TYPE "public"."order_status" ADD VALUE 'shipped' BEFORE 'rejected';--> statement-breakpoint
CREATE TABLE "order_administrations" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"administered" boolean NOT NULL,
	"injected_at" timestamp with time zone,
	"measured_activity" numeric(14, 4),
	"measured_at" timestamp with time zone,
	"residual_activity" numeric(14, 4),
	"residual_at" timestamp with time zone,
	"activity_unit" "activity_unit",
	"administered_activity" double precision,
	"comment" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_administrations_given" CHECK (case when "order_administrations"."administered" then "order_administrations"."injected_at" is not null and "order_administrations"."measured_activity" is not null and "order_administrations"."measured_at" is not null and "order_administrations"."administered_activity" is not null else "order_administrations"."comment" is not null end)
);
--> statement-breakpoint
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
CREATE TABLE "order_shipments" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"lot_number" text NOT NULL,
	"assayed_activity" numeric(14, 4),
	"activity_unit" "activity_unit",
	"assayed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"courier" text,
	"tracking_number" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_shipments_assay" CHECK (("order_shipments"."assayed_activity" is null) = ("order_shipments"."assayed_at" is null) and ("order_shipments"."assayed_activity" is null) = ("order_shipments"."activity_unit" is null) and "order_shipments"."assayed_activity" > 0),
	CONSTRAINT "order_shipments_expiry_after_assay" CHECK ("order_shipments"."expires_at" > "order_shipments"."assayed_at")
);
--> statement-breakpoint
ALTER TABLE "drugs" ADD COLUMN "receipt_tolerance_percent" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_administrations" ADD CONSTRAINT "order_administrations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_administrations" ADD CONSTRAINT "order_administrations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_receipts" ADD CONSTRAINT "order_receipts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_receipts" ADD CONSTRAINT "order_receipts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drugs" ADD CONSTRAINT "drugs_receipt_tolerance_percent_range" CHECK ("drugs"."receipt_tolerance_percent" between 1 and 100);