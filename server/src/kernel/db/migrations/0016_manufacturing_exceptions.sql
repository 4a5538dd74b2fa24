CREATE TABLE "availability_exceptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "availability_exceptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"availability_id" integer NOT NULL,
	"exception_date" date NOT NULL,
	"closed" boolean NOT NULL,
	"doses" integer,
	"start_time" text,
	"end_time" text,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_exceptions_doses_positive" CHECK ("availability_exceptions"."doses" is null or "availability_exceptions"."doses" > 0)
);
--> statement-breakpoint
ALTER TABLE "dose_slots" ADD COLUMN "closed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "exception_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "availability_exceptions" ADD CONSTRAINT "availability_exceptions_availability_id_drug_availabilities_id_fk" FOREIGN KEY ("availability_id") REFERENCES "public"."drug_availabilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "availability_exceptions_availability_date_key" ON "availability_exceptions" USING btree ("availability_id","exception_date");