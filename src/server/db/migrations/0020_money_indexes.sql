CREATE INDEX "credit_ledger_purchase_created" ON "credit_ledger" USING btree ("created_at") WHERE "credit_ledger"."reason" = 'purchase';--> statement-breakpoint
CREATE INDEX "discount_redemptions_code" ON "discount_redemptions" USING btree ("code_id","id");--> statement-breakpoint
CREATE INDEX "orders_site" ON "orders" USING btree ("site_id","id");--> statement-breakpoint
CREATE INDEX "orders_status" ON "orders" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "orders_method" ON "orders" USING btree ("method","id");--> statement-breakpoint
CREATE INDEX "orders_created" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_completed" ON "orders" USING btree ("completed_at") WHERE "orders"."completed_at" is not null;