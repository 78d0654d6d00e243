CREATE TABLE "daily_stats" (
	"day" date NOT NULL,
	"site_id" text NOT NULL,
	"country" varchar(2) NOT NULL,
	"signups" integer DEFAULT 0 NOT NULL,
	"activations" integer DEFAULT 0 NOT NULL,
	"first_purchases" integer DEFAULT 0 NOT NULL,
	"purchases" integer DEFAULT 0 NOT NULL,
	"revenue_minor" bigint DEFAULT 0 NOT NULL,
	"currency" varchar(3) DEFAULT '' NOT NULL,
	"messages_sent" integer DEFAULT 0 NOT NULL,
	"credits_spent" integer DEFAULT 0 NOT NULL,
	"moderation_backlog" integer DEFAULT 0 NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "daily_stats_day_site_id_country_pk" PRIMARY KEY("day","site_id","country")
);
--> statement-breakpoint
-- The daily roll-up (features/staff-dashboards/rollup.ts) reads these tables by time range.
CREATE INDEX IF NOT EXISTS "accounts_signup_date" ON "accounts" USING btree ("signup_date");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "accounts_confirmed_at" ON "accounts" USING btree ("confirmed_at") WHERE "confirmed_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "messages_created" ON "messages" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "credit_ledger_created" ON "credit_ledger" USING btree ("created_at");
