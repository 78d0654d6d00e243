CREATE TABLE "billing_holds" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"order_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"cause" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" varchar(16) NOT NULL,
	"account_id" bigint NOT NULL,
	"site_id" text NOT NULL,
	"package_key" text NOT NULL,
	"credits" integer NOT NULL,
	"country" varchar(2) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"list_price_minor" integer NOT NULL,
	"discount_code" text,
	"discount_percentage" text,
	"discount_minor" integer DEFAULT 0 NOT NULL,
	"transaction_fee_minor" integer DEFAULT 0 NOT NULL,
	"amount_minor" integer NOT NULL,
	"method" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"provider" text NOT NULL,
	"provider_session" text,
	"provider_ref" text,
	"stored_method_id" bigint,
	"locale" varchar(5) NOT NULL,
	"return_url" text NOT NULL,
	"failure_reason" text,
	"refunded_credits" integer DEFAULT 0 NOT NULL,
	"refund_minor" integer DEFAULT 0 NOT NULL,
	"refund_provider_ref" text,
	"chargeback_credits" integer DEFAULT 0 NOT NULL,
	"chargeback_shortfall" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"charged_back_at" timestamp with time zone,
	"receipt_sent_at" timestamp with time zone,
	"purchase_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "orders_money_nonnegative" CHECK ("orders"."amount_minor" >= 0 and "orders"."list_price_minor" >= 0 and "orders"."discount_minor" >= 0 and "orders"."transaction_fee_minor" >= 0 and "orders"."refund_minor" >= 0),
	CONSTRAINT "orders_credits_positive" CHECK ("orders"."credits" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"order_id" bigint,
	"type" text NOT NULL,
	"outcome" text NOT NULL,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_payment_methods" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"token" text NOT NULL,
	"label" text NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_holds" ADD CONSTRAINT "billing_holds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_holds" ADD CONSTRAINT "billing_holds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_stored_method_id_stored_payment_methods_id_fk" FOREIGN KEY ("stored_method_id") REFERENCES "public"."stored_payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_payment_methods" ADD CONSTRAINT "stored_payment_methods_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_history_order" ON "order_history" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "orders_account" ON "orders" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "orders_provider_session" ON "orders" USING btree ("provider","provider_session");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_provider_event" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "payment_events_order" ON "payment_events" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stored_payment_methods_token" ON "stored_payment_methods" USING btree ("provider","token");--> statement-breakpoint
CREATE INDEX "stored_payment_methods_account" ON "stored_payment_methods" USING btree ("account_id","id");