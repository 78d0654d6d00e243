ALTER TABLE "accounts" ADD COLUMN "signup_ip_hash" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ip_hash" text;--> statement-breakpoint
CREATE INDEX "accounts_signup_ip_hash" ON "accounts" USING btree ("signup_ip_hash") WHERE "accounts"."signup_ip_hash" is not null;--> statement-breakpoint
CREATE INDEX "sessions_ip_hash" ON "sessions" USING btree ("ip_hash") WHERE "sessions"."ip_hash" is not null;--> statement-breakpoint
CREATE INDEX "orders_status_method" ON "orders" USING btree ("status","method","id");--> statement-breakpoint
-- The members search lists name matches alphabetically, keyset-paged on (name, account id)
-- (features/staff/members.ts; docs/staff.md "The members search and the orders list at
-- scale"). Collation "C" orders byte by byte, so the one index serves the prefix match
-- (like 'an%'), the order and the keyset; it replaces 0019's profiles_name_prefix.
CREATE INDEX "profiles_name_keyset" ON "profiles" USING btree ((lower("name")) COLLATE "C", "account_id");
--> statement-breakpoint
DROP INDEX "profiles_name_prefix";
