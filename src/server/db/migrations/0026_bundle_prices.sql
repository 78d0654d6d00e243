CREATE TABLE "bundle_prices" (
	"country" varchar(2) NOT NULL,
	"package_key" varchar(2) NOT NULL,
	"price_minor" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bundle_prices_country_package_key_pk" PRIMARY KEY("country","package_key"),
	CONSTRAINT "bundle_prices_package" CHECK ("bundle_prices"."package_key" in ('p0', 'p1', 'p2', 'p3')),
	CONSTRAINT "bundle_prices_positive" CHECK ("bundle_prices"."price_minor" > 0),
	CONSTRAINT "bundle_prices_maximum" CHECK ("bundle_prices"."price_minor" <= 1000000)
);
--> statement-breakpoint
-- Prices follow live like the site settings (features/site/cache.ts): a change notifies
-- site_data at its commit and every API process drops its cached copies.
CREATE TRIGGER bundle_prices_notify_site_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bundle_prices
  FOR EACH STATEMENT EXECUTE FUNCTION notify_site_data();
--> statement-breakpoint
-- Seeded from the constants the prices were until now (billing/packages.ts PACKAGE_PRICES),
-- for every payment country already in message_costs, so members pay what they paid before.
-- A fresh database gets the same rows from the reference seed (seedBundlePrices).
INSERT INTO bundle_prices (country, package_key, price_minor)
SELECT m.country, p.package_key, p.price_minor
FROM message_costs m
JOIN (VALUES
  ('EUR', 'p0', 499), ('EUR', 'p1', 1999), ('EUR', 'p2', 3999), ('EUR', 'p3', 7999),
  ('GBP', 'p0', 449), ('GBP', 'p1', 1799), ('GBP', 'p2', 3499), ('GBP', 'p3', 6999),
  ('USD', 'p0', 599), ('USD', 'p1', 2299), ('USD', 'p2', 4499), ('USD', 'p3', 8999),
  ('CAD', 'p0', 799), ('CAD', 'p1', 2999), ('CAD', 'p2', 5999), ('CAD', 'p3', 11999),
  ('AUD', 'p0', 899), ('AUD', 'p1', 3499), ('AUD', 'p2', 6999), ('AUD', 'p3', 12999),
  ('NZD', 'p0', 949), ('NZD', 'p1', 3699), ('NZD', 'p2', 7499), ('NZD', 'p3', 13999),
  ('CHF', 'p0', 549), ('CHF', 'p1', 1999), ('CHF', 'p2', 3999), ('CHF', 'p3', 7999),
  ('SEK', 'p0', 5900), ('SEK', 'p1', 22900), ('SEK', 'p2', 44900), ('SEK', 'p3', 89900),
  ('NOK', 'p0', 5900), ('NOK', 'p1', 22900), ('NOK', 'p2', 44900), ('NOK', 'p3', 89900),
  ('DKK', 'p0', 3900), ('DKK', 'p1', 14900), ('DKK', 'p2', 29900), ('DKK', 'p3', 59900),
  ('PLN', 'p0', 2199), ('PLN', 'p1', 8499), ('PLN', 'p2', 16999), ('PLN', 'p3', 33999)
) AS p(currency, package_key, price_minor) ON p.currency = m.currency
ON CONFLICT DO NOTHING;
