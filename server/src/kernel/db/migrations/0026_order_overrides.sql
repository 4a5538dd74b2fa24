ALTER TABLE "orders" ADD COLUMN "out_of_window" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "duplicate_timepoint" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "override_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "replaces_order_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_replaces_order_id_orders_id_fk" FOREIGN KEY ("replaces_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_subject_timepoint_idx" ON "orders" USING btree ("study_id","site_id","subject_id","timepoint_id");--> statement-breakpoint
CREATE INDEX "orders_replaces_idx" ON "orders" USING btree ("replaces_order_id") WHERE "orders"."replaces_order_id" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_override_reason" CHECK (("orders"."out_of_window" or "orders"."duplicate_timepoint") = ("orders"."override_reason" is not null));