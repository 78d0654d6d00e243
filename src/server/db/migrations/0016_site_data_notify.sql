-- Site data caches (src/server/features/site/cache.ts): every change to the tables behind
-- settings.php, companyinfo.php, interests.php and regions.php, by the app, a seed or an
-- operator's SQL, notifies the channel site_data at its commit; each API process LISTENs
-- and drops its cached copies.
CREATE OR REPLACE FUNCTION notify_site_data() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('site_data', TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER sites_notify_site_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sites
  FOR EACH STATEMENT EXECUTE FUNCTION notify_site_data();
--> statement-breakpoint
CREATE TRIGGER companies_notify_site_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION notify_site_data();
--> statement-breakpoint
CREATE TRIGGER message_costs_notify_site_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON message_costs
  FOR EACH STATEMENT EXECUTE FUNCTION notify_site_data();
--> statement-breakpoint
CREATE TRIGGER interests_notify_site_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON interests
  FOR EACH STATEMENT EXECUTE FUNCTION notify_site_data();
--> statement-breakpoint
CREATE TRIGGER regions_notify_site_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON regions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_site_data();
