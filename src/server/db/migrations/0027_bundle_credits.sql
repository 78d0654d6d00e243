CREATE TABLE "bundle_credits" (
	"package_key" varchar(2) PRIMARY KEY NOT NULL,
	"credits" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bundle_credits_package" CHECK ("bundle_credits"."package_key" in ('p0', 'p1', 'p2', 'p3')),
	CONSTRAINT "bundle_credits_positive" CHECK ("bundle_credits"."credits" > 0),
	CONSTRAINT "bundle_credits_maximum" CHECK ("bundle_credits"."credits" <= 1000000)
);
--> statement-breakpoint
-- Credits follow live like the prices (migration 0026): a change notifies site_data at its
-- commit and every API process drops its cached prices and credits.
CREATE TRIGGER bundle_credits_notify_site_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bundle_credits
  FOR EACH STATEMENT EXECUTE FUNCTION notify_site_data();
--> statement-breakpoint
-- Seeded from the constants the credits were until now (billing/packages.ts PACKAGE_CREDITS),
-- so every bundle gives what it gave before; the reference seed inserts the same rows.
INSERT INTO bundle_credits (package_key, credits)
VALUES ('p0', 50), ('p1', 250), ('p2', 600), ('p3', 1600)
ON CONFLICT DO NOTHING;
