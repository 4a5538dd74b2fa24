CREATE TABLE "timepoints" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "timepoints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "timepoints_name_key" ON "timepoints" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "timepoints_created_idx" ON "timepoints" USING btree ("created_at");