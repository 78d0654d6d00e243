CREATE TABLE "direct_debit_blocks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"iban_hash" text,
	"order_id" bigint,
	"reason" text NOT NULL,
	"lifted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "direct_debit_blocks_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "direct_debit_mandates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reference" varchar(35) NOT NULL,
	"account_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"holder" text NOT NULL,
	"iban_masked" text NOT NULL,
	"iban_hash" text NOT NULL,
	"street" text NOT NULL,
	"house_number" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"country" varchar(2) NOT NULL,
	"phone_masked" text NOT NULL,
	"provider" text NOT NULL,
	"provider_token" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "direct_debit_mandates_reference_unique" UNIQUE("reference"),
	CONSTRAINT "direct_debit_mandates_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "direct_debit_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" varchar(64) NOT NULL,
	"account_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"holder" text NOT NULL,
	"iban_masked" text NOT NULL,
	"iban_hash" text NOT NULL,
	"iban_sealed" text,
	"iban_country" varchar(2) NOT NULL,
	"street" text NOT NULL,
	"house_number" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"country" varchar(2) NOT NULL,
	"phone" text NOT NULL,
	"locale" varchar(5) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "direct_debit_sessions_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"subject" text NOT NULL,
	"account_id" bigint NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "direct_debit_blocks" ADD CONSTRAINT "direct_debit_blocks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_blocks" ADD CONSTRAINT "direct_debit_blocks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_mandates" ADD CONSTRAINT "direct_debit_mandates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_mandates" ADD CONSTRAINT "direct_debit_mandates_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_sessions" ADD CONSTRAINT "direct_debit_sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_sessions" ADD CONSTRAINT "direct_debit_sessions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_codes" ADD CONSTRAINT "sms_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "direct_debit_blocks_account" ON "direct_debit_blocks" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "direct_debit_blocks_iban" ON "direct_debit_blocks" USING btree ("iban_hash");--> statement-breakpoint
CREATE INDEX "direct_debit_mandates_account" ON "direct_debit_mandates" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "direct_debit_mandates_iban" ON "direct_debit_mandates" USING btree ("iban_hash");--> statement-breakpoint
CREATE INDEX "direct_debit_sessions_account" ON "direct_debit_sessions" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "sms_codes_subject" ON "sms_codes" USING btree ("purpose","subject","id");--> statement-breakpoint
CREATE INDEX "sms_codes_account_time" ON "sms_codes" USING btree ("account_id","created_at");