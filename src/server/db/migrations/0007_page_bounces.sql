CREATE TABLE "page_bounces" (
	"site_id" text NOT NULL,
	"day" date NOT NULL,
	"path" text NOT NULL,
	"network" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "page_bounces_site_id_day_path_network_pk" PRIMARY KEY("site_id","day","path","network")
);
--> statement-breakpoint
ALTER TABLE "page_bounces" ADD CONSTRAINT "page_bounces_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_bounces_day" ON "page_bounces" USING btree ("day");