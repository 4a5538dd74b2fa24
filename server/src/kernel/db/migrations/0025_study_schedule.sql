CREATE TABLE "study_schedule_entries" (
	"study_id" integer NOT NULL,
	"timepoint_id" integer NOT NULL,
	"day_offset" integer NOT NULL,
	"window_before_days" integer NOT NULL,
	"window_after_days" integer NOT NULL,
	"anchor" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_schedule_entries_study_id_timepoint_id_pk" PRIMARY KEY("study_id","timepoint_id"),
	CONSTRAINT "study_schedule_entries_windows" CHECK ("study_schedule_entries"."window_before_days" >= 0 and "study_schedule_entries"."window_after_days" >= 0),
	CONSTRAINT "study_schedule_entries_anchor_day_zero" CHECK (not "study_schedule_entries"."anchor" or "study_schedule_entries"."day_offset" = 0)
);
--> statement-breakpoint
ALTER TABLE "study_schedule_entries" ADD CONSTRAINT "study_schedule_entries_study_id_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_schedule_entries" ADD CONSTRAINT "study_schedule_entries_timepoint_id_timepoints_id_fk" FOREIGN KEY ("timepoint_id") REFERENCES "public"."timepoints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "study_schedule_entries_anchor_key" ON "study_schedule_entries" USING btree ("study_id") WHERE "study_schedule_entries"."anchor";--> statement-breakpoint
CREATE INDEX "study_schedule_entries_timepoint_idx" ON "study_schedule_entries" USING btree ("timepoint_id");