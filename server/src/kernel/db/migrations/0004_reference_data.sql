CREATE TABLE "exams" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"drug_id" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "studies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"sponsor" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_distribution_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "study_distribution_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"study_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company_type" "company_type",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_distribution_entry_companies" (
	"entry_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_distribution_entry_companies_entry_id_company_id_pk" PRIMARY KEY("entry_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "study_pairings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "study_pairings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"study_id" integer NOT NULL,
	"exam_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"cmo_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_drug_id_drugs_id_fk" FOREIGN KEY ("drug_id") REFERENCES "public"."drugs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_distribution_entries" ADD CONSTRAINT "study_distribution_entries_study_id_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_distribution_entry_companies" ADD CONSTRAINT "study_distribution_entry_companies_entry_id_study_distribution_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."study_distribution_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_distribution_entry_companies" ADD CONSTRAINT "study_distribution_entry_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_pairings" ADD CONSTRAINT "study_pairings_study_id_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_pairings" ADD CONSTRAINT "study_pairings_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_pairings" ADD CONSTRAINT "study_pairings_site_id_companies_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_pairings" ADD CONSTRAINT "study_pairings_cmo_id_companies_id_fk" FOREIGN KEY ("cmo_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exams_drug_name_key" ON "exams" USING btree ("drug_id",lower("name"));--> statement-breakpoint
CREATE INDEX "exams_created_idx" ON "exams" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "studies_name_key" ON "studies" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "studies_created_idx" ON "studies" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "study_distribution_entries_study_position_key" ON "study_distribution_entries" USING btree ("study_id","position");--> statement-breakpoint
CREATE INDEX "study_distribution_entry_companies_company_idx" ON "study_distribution_entry_companies" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "study_pairings_study_exam_site_key" ON "study_pairings" USING btree ("study_id","exam_id","site_id");--> statement-breakpoint
CREATE INDEX "study_pairings_site_idx" ON "study_pairings" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "study_pairings_exam_idx" ON "study_pairings" USING btree ("exam_id");--> statement-breakpoint
CREATE INDEX "study_pairings_cmo_idx" ON "study_pairings" USING btree ("cmo_id");