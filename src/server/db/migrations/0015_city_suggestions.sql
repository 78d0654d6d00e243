CREATE TABLE "city_suggestions" (
	"site_id" text NOT NULL,
	"country" varchar(2) NOT NULL,
	"region_id" integer DEFAULT 0 NOT NULL,
	"city_key" text NOT NULL,
	"city" text NOT NULL,
	"members" integer NOT NULL,
	CONSTRAINT "city_suggestions_site_id_country_region_id_city_key_pk" PRIMARY KEY("site_id","country","region_id","city_key")
);
--> statement-breakpoint
ALTER TABLE "city_suggestions" ADD CONSTRAINT "city_suggestions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "city_suggestions_prefix" ON "city_suggestions" USING btree ("site_id","country","city_key" text_pattern_ops);