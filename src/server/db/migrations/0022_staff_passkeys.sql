CREATE TABLE "staff_passkeys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"staff_id" bigint NOT NULL,
	"credential_id" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"name" text NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_webauthn_challenges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" bigint NOT NULL,
	"purpose" text NOT NULL,
	"challenge" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "max_uses" integer;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "first_purchase_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_passkeys" ADD CONSTRAINT "staff_passkeys_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_webauthn_challenges" ADD CONSTRAINT "staff_webauthn_challenges_session_id_staff_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."staff_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_passkeys_credential" ON "staff_passkeys" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "staff_passkeys_staff" ON "staff_passkeys" USING btree ("staff_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_webauthn_challenges_challenge" ON "staff_webauthn_challenges" USING btree ("challenge");--> statement-breakpoint
CREATE INDEX "staff_webauthn_challenges_session" ON "staff_webauthn_challenges" USING btree ("session_id");