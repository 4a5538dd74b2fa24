ALTER TABLE "drugs" ADD COLUMN "max_activity_mbq" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "drugs" ADD COLUMN "activity_warning_percent" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "requested_activity" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "activity_unit" "activity_unit";--> statement-breakpoint
ALTER TABLE "drugs" ADD CONSTRAINT "drugs_max_activity_positive" CHECK ("drugs"."max_activity_mbq" > 0);--> statement-breakpoint
ALTER TABLE "drugs" ADD CONSTRAINT "drugs_activity_warning_percent_range" CHECK ("drugs"."activity_warning_percent" between 1 and 100);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_requested_activity" CHECK (("orders"."requested_activity" is null) = ("orders"."activity_unit" is null) and "orders"."requested_activity" > 0);