ALTER TABLE "drugs" ADD COLUMN "radionuclide_id" integer;--> statement-breakpoint
ALTER TABLE "drugs" ADD CONSTRAINT "drugs_radionuclide_id_radionuclides_id_fk" FOREIGN KEY ("radionuclide_id") REFERENCES "public"."radionuclides"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drugs_radionuclide_idx" ON "drugs" USING btree ("radionuclide_id");