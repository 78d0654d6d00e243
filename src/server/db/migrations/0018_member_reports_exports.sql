CREATE TABLE "reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" varchar(16) NOT NULL,
	"site_id" text NOT NULL,
	"reporter_id" bigint,
	"target_kind" text NOT NULL,
	"target_key" text NOT NULL,
	"reported_profile_id" bigint NOT NULL,
	"photo_id" bigint,
	"message_id" bigint,
	"reason" text NOT NULL,
	"details" text,
	"locale" varchar(5) NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"files" integer,
	"bytes" bigint,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_accounts_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reported_profile_id_profiles_id_fk" FOREIGN KEY ("reported_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_handled_by_accounts_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_status" ON "reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reports_reported_profile" ON "reports" USING btree ("reported_profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_target" ON "reports" USING btree ("reporter_id","target_key") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "data_exports_account" ON "data_exports" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_discount_once" ON "orders" USING btree ("discount_reservation") WHERE "orders"."discount_reservation" like 'once:%' and "orders"."status" in ('created', 'pending', 'completed');