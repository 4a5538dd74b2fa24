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
ALTER TABLE "order_administrations" ADD CONSTRAINT "order_administrations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_administrations" ADD CONSTRAINT "order_administrations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;