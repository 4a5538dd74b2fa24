CREATE TYPE "public"."half_life_unit" AS ENUM('min', 'h', 'd');--> statement-breakpoint
CREATE TABLE "radionuclides" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "radionuclides_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"half_life" numeric(13, 6) NOT NULL,
	"half_life_unit" "half_life_unit" NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "radionuclides_half_life_positive" CHECK ("radionuclides"."half_life" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "radionuclides_name_key" ON "radionuclides" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "radionuclides_created_idx" ON "radionuclides" USING btree ("created_at");