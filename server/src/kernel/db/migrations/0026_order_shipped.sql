ALTER TYPE "public"."order_status" ADD VALUE 'shipped' BEFORE 'rejected';--> statement-breakpoint
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
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;