CREATE TABLE "blocks" (
	"blocker_id" bigint NOT NULL,
	"blocked_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id")
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" varchar(16) NOT NULL,
	"profile_low" bigint NOT NULL,
	"profile_high" bigint NOT NULL,
	"started_by" bigint NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "conversations_ordered_pair" CHECK ("conversations"."profile_low" < "conversations"."profile_high")
);
--> statement-breakpoint
CREATE TABLE "likes" (
	"liker_id" bigint NOT NULL,
	"liked_id" bigint NOT NULL,
	"seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "likes_liker_id_liked_id_pk" PRIMARY KEY("liker_id","liked_id")
);
--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "public_id" varchar(16);--> statement-breakpoint
-- Photos of an existing database get a random public id before the column becomes required.
UPDATE "photos" SET "public_id" = substr(md5(random()::text || "id"::text), 1, 16) WHERE "public_id" IS NULL;--> statement-breakpoint
ALTER TABLE "photos" ALTER COLUMN "public_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "reviewed_by" bigint;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_id_profiles_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_id_profiles_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_profile_low_profiles_id_fk" FOREIGN KEY ("profile_low") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_profile_high_profiles_id_fk" FOREIGN KEY ("profile_high") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_started_by_profiles_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_liker_id_profiles_id_fk" FOREIGN KEY ("liker_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_liked_id_profiles_id_fk" FOREIGN KEY ("liked_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocks_blocked" ON "blocks" USING btree ("blocked_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_pair" ON "conversations" USING btree ("profile_low","profile_high");--> statement-breakpoint
CREATE INDEX "conversations_high" ON "conversations" USING btree ("profile_high");--> statement-breakpoint
CREATE INDEX "likes_liked" ON "likes" USING btree ("liked_id","created_at");--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_reviewed_by_accounts_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_queue" ON "photos" USING btree ("created_at") WHERE "photos"."status" = 'being_inspected';--> statement-breakpoint
CREATE INDEX "profiles_city" ON "profiles" USING btree ("site_id","country","city");--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_public_id_unique" UNIQUE("public_id");--> statement-breakpoint
-- Sites still on the first default (city only) get the personal fields of the profile page too.
UPDATE "sites" SET "settings" = jsonb_set("settings", '{visible_profile_fields}', '["city","sexuality","hair_color","eye_color","body_type","relationship_status","tattoos","about_me","interests"]'::jsonb) WHERE "settings"->'visible_profile_fields' = '["city"]'::jsonb;
