CREATE TABLE "lander_visits" (
	"day" date NOT NULL,
	"site_id" text NOT NULL,
	"locale" text NOT NULL,
	"lander" text NOT NULL,
	"variant" text NOT NULL,
	"network" text NOT NULL,
	"sub1" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "lander_visits_day_site_id_locale_lander_variant_network_sub1_pk" PRIMARY KEY("day","site_id","locale","lander","variant","network","sub1")
);
--> statement-breakpoint
CREATE TABLE "daily_funnel" (
	"day" date NOT NULL,
	"site_id" text NOT NULL,
	"locale" text NOT NULL,
	"lander" text NOT NULL,
	"variant" text NOT NULL,
	"network" text NOT NULL,
	"sub1" text NOT NULL,
	"currency" varchar(3) NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"signups" integer DEFAULT 0 NOT NULL,
	"activations" integer DEFAULT 0 NOT NULL,
	"first_purchases" integer DEFAULT 0 NOT NULL,
	"revenue_minor" bigint DEFAULT 0 NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "daily_funnel_day_site_id_locale_lander_variant_network_sub1_currency_pk" PRIMARY KEY("day","site_id","locale","lander","variant","network","sub1","currency")
);
--> statement-breakpoint
ALTER TABLE "traffic_sources" ADD COLUMN "lander" text;--> statement-breakpoint
ALTER TABLE "traffic_sources" ADD COLUMN "variant" text;--> statement-breakpoint
ALTER TABLE "lander_visits" ADD CONSTRAINT "lander_visits_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;