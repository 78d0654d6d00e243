CREATE TABLE "search_filters" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"gender" text,
	"min_age" smallint,
	"max_age" smallint,
	"country" varchar(2),
	"region_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swipes" (
	"swiper_id" bigint NOT NULL,
	"target_id" bigint NOT NULL,
	"decision" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "swipes_swiper_id_target_id_pk" PRIMARY KEY("swiper_id","target_id")
);
--> statement-breakpoint
ALTER TABLE "search_filters" ADD CONSTRAINT "search_filters_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_filters" ADD CONSTRAINT "search_filters_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swipes" ADD CONSTRAINT "swipes_swiper_id_profiles_id_fk" FOREIGN KEY ("swiper_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swipes" ADD CONSTRAINT "swipes_target_id_profiles_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "swipes_swiper_time" ON "swipes" USING btree ("swiper_id","created_at");--> statement-breakpoint
CREATE INDEX "likes_liker_time" ON "likes" USING btree ("liker_id","created_at");