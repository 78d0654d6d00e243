CREATE TABLE "daily_answer_times" (
	"day" date NOT NULL,
	"site_id" text NOT NULL,
	"answers" integer NOT NULL,
	"buckets" integer[] NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "daily_answer_times_day_site_id_pk" PRIMARY KEY("day","site_id")
);
--> statement-breakpoint
ALTER TABLE "page_bounces" ADD COLUMN "locale" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "page_bounces" ADD COLUMN "variant" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "page_bounces" DROP CONSTRAINT "page_bounces_site_id_day_path_network_pk";--> statement-breakpoint
ALTER TABLE "page_bounces" ADD CONSTRAINT "page_bounces_site_id_day_path_network_locale_variant_pk" PRIMARY KEY("site_id","day","path","network","locale","variant");--> statement-breakpoint
ALTER TABLE "daily_funnel" ADD COLUMN "bounces" integer DEFAULT 0 NOT NULL;
