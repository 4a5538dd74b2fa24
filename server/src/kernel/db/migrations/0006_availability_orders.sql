CREATE TYPE "public"."activity_unit" AS ENUM('mCi', 'mBq');--> statement-breakpoint
CREATE TYPE "public"."availability_frequency" AS ENUM('Daily', 'Weekday', 'Weekly', 'Monthly');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('pending', 'accepted', 'rejected', 'canceled', 'delivered');--> statement-breakpoint
CREATE TABLE "dose_slots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dose_slots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"availability_id" integer NOT NULL,
	"manufacture_date" date NOT NULL,
	"capacity" integer NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dose_slots_booked_within_capacity" CHECK ("dose_slots"."booked" >= 0 AND "dose_slots"."booked" <= "dose_slots"."capacity")
);
--> statement-breakpoint
CREATE TABLE "drug_availabilities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "drug_availabilities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"drug_id" integer NOT NULL,
	"cmo_id" integer NOT NULL,
	"doses" integer NOT NULL,
	"activity_unit" "activity_unit" NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date NOT NULL,
	"frequency" "availability_frequency" NOT NULL,
	"repeat_every" integer NOT NULL,
	"repeat_on" jsonb,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drug_availabilities_doses_positive" CHECK ("drug_availabilities"."doses" > 0),
	CONSTRAINT "drug_availabilities_valid_range" CHECK ("drug_availabilities"."valid_until" >= "drug_availabilities"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "orders_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1001 CACHE 1),
	"study_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"exam_id" integer NOT NULL,
	"drug_id" integer NOT NULL,
	"cmo_id" integer NOT NULL,
	"imaging_center_id" integer NOT NULL,
	"timepoint_id" integer NOT NULL,
	"dose_slot_id" integer NOT NULL,
	"subject_id" text NOT NULL,
	"calibration_datetime" timestamp with time zone NOT NULL,
	"status" "order_status" DEFAULT 'pending' NOT NULL,
	"projected_delivery" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"rejection_reason" text,
	"cancelation_reason" text,
	"additional_notes" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dose_slots" ADD CONSTRAINT "dose_slots_availability_id_drug_availabilities_id_fk" FOREIGN KEY ("availability_id") REFERENCES "public"."drug_availabilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drug_availabilities" ADD CONSTRAINT "drug_availabilities_drug_id_drugs_id_fk" FOREIGN KEY ("drug_id") REFERENCES "public"."drugs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drug_availabilities" ADD CONSTRAINT "drug_availabilities_cmo_id_companies_id_fk" FOREIGN KEY ("cmo_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_study_id_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_site_id_companies_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_drug_id_drugs_id_fk" FOREIGN KEY ("drug_id") REFERENCES "public"."drugs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cmo_id_companies_id_fk" FOREIGN KEY ("cmo_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_imaging_center_id_companies_id_fk" FOREIGN KEY ("imaging_center_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_timepoint_id_timepoints_id_fk" FOREIGN KEY ("timepoint_id") REFERENCES "public"."timepoints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_dose_slot_id_dose_slots_id_fk" FOREIGN KEY ("dose_slot_id") REFERENCES "public"."dose_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dose_slots_availability_date_key" ON "dose_slots" USING btree ("availability_id","manufacture_date");--> statement-breakpoint
CREATE INDEX "drug_availabilities_drug_cmo_idx" ON "drug_availabilities" USING btree ("drug_id","cmo_id","active");--> statement-breakpoint
CREATE INDEX "drug_availabilities_cmo_idx" ON "drug_availabilities" USING btree ("cmo_id");--> statement-breakpoint
CREATE INDEX "drug_availabilities_created_idx" ON "drug_availabilities" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_key" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "orders_status_calibration_idx" ON "orders" USING btree ("status","calibration_datetime");--> statement-breakpoint
CREATE INDEX "orders_cmo_status_idx" ON "orders" USING btree ("cmo_id","status");--> statement-breakpoint
CREATE INDEX "orders_site_idx" ON "orders" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "orders_imaging_center_idx" ON "orders" USING btree ("imaging_center_id");--> statement-breakpoint
CREATE INDEX "orders_study_idx" ON "orders" USING btree ("study_id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_dose_slot_idx" ON "orders" USING btree ("dose_slot_id");