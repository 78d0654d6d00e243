CREATE TABLE "accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"email" text,
	"password_hash" text,
	"status" text DEFAULT 'not_confirmed' NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"language" varchar(5) DEFAULT 'en' NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"paid_user" boolean DEFAULT false NOT NULL,
	"notifications_disabled" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"email_preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"signup_date" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_credits_nonnegative" CHECK ("accounts"."credits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" integer PRIMARY KEY NOT NULL,
	"variant" smallint NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"country" varchar(2) NOT NULL,
	"kvk" text NOT NULL,
	"tradenames" jsonb NOT NULL,
	"vat_numbers" jsonb NOT NULL,
	"support_phone" text NOT NULL,
	"delete_discount" text NOT NULL,
	"added" timestamp with time zone NOT NULL,
	CONSTRAINT "companies_variant_unique" UNIQUE("variant")
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"delta" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" text NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_ledger_balance_nonnegative" CHECK ("credit_ledger"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "interests" (
	"key" text PRIMARY KEY NOT NULL,
	"icon" text,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_costs" (
	"country" varchar(2) PRIMARY KEY NOT NULL,
	"currency" varchar(3) NOT NULL,
	"cost_minor" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"profile_id" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"thumb_width" integer NOT NULL,
	"thumb_height" integer NOT NULL,
	"status" text DEFAULT 'being_inspected' NOT NULL,
	"premium" boolean DEFAULT false NOT NULL,
	"reject_reason" text,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photos_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "profile_interests" (
	"profile_id" bigint NOT NULL,
	"interest" text NOT NULL,
	CONSTRAINT "profile_interests_profile_id_interest_pk" PRIMARY KEY("profile_id","interest")
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" varchar(16) NOT NULL,
	"site_id" text NOT NULL,
	"account_id" bigint,
	"type" text DEFAULT 'member' NOT NULL,
	"status" text DEFAULT 'disabled' NOT NULL,
	"name" text NOT NULL,
	"gender" text NOT NULL,
	"seeking" text,
	"birthdate" date NOT NULL,
	"country" varchar(2) NOT NULL,
	"region_id" integer,
	"city" text,
	"lat_e3" integer,
	"lon_e3" integer,
	"language" varchar(5) DEFAULT 'en' NOT NULL,
	"sexuality" text,
	"hair_color" text,
	"eye_color" text,
	"body_type" text,
	"relationship_status" text,
	"tattoos" text,
	"signup_reason" text,
	"about_me" text,
	"invisible" boolean DEFAULT false NOT NULL,
	"privacy_mode" boolean DEFAULT false NOT NULL,
	"main_photo_id" bigint,
	"last_active_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "profiles_account_id_unique" UNIQUE("account_id")
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" integer PRIMARY KEY NOT NULL,
	"country" varchar(2) NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" text PRIMARY KEY NOT NULL,
	"niche" smallint NOT NULL,
	"brand" text NOT NULL,
	"default_locale" varchar(2) NOT NULL,
	"domains" jsonb NOT NULL,
	"company_id" integer NOT NULL,
	"cdn_prefix" text DEFAULT '' NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sites_niche_unique" UNIQUE("niche")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_interests" ADD CONSTRAINT "profile_interests_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_interests" ADD CONSTRAINT "profile_interests_interest_interests_key_fk" FOREIGN KEY ("interest") REFERENCES "public"."interests"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_site_email" ON "accounts" USING btree ("site_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_reason_reference" ON "credit_ledger" USING btree ("reason","reference");--> statement-breakpoint
CREATE INDEX "credit_ledger_account" ON "credit_ledger" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "photos_profile" ON "photos" USING btree ("profile_id","position");--> statement-breakpoint
CREATE INDEX "profiles_search" ON "profiles" USING btree ("site_id","gender","country","birthdate");--> statement-breakpoint
CREATE UNIQUE INDEX "regions_country_code" ON "regions" USING btree ("country","code");--> statement-breakpoint
CREATE INDEX "sessions_account" ON "sessions" USING btree ("account_id");