CREATE TABLE "chat_pal_answers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" bigint NOT NULL,
	"chat_pal_id" bigint NOT NULL,
	"staff_id" bigint,
	"site_id" text NOT NULL,
	"waited_from" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	"wait_ms" bigint NOT NULL,
	CONSTRAINT "chat_pal_answers_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
CREATE TABLE "chat_pal_operators" (
	"chat_pal_id" bigint NOT NULL,
	"staff_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_pal_operators_chat_pal_id_staff_id_pk" PRIMARY KEY("chat_pal_id","staff_id")
);
--> statement-breakpoint
ALTER TABLE "operator_claims" DROP CONSTRAINT "operator_claims_operator_id_accounts_id_fk";
--> statement-breakpoint
-- Claims held by member accounts of the retired console end here: a claim lasts minutes, and
-- its holder is a staff account from now on (docs/operator.md).
DELETE FROM "operator_claims";
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "staff_operator_id" bigint;--> statement-breakpoint
ALTER TABLE "operator_notes" ADD COLUMN "staff_author_id" bigint;--> statement-breakpoint
ALTER TABLE "chat_pal_answers" ADD CONSTRAINT "chat_pal_answers_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_pal_answers" ADD CONSTRAINT "chat_pal_answers_chat_pal_id_profiles_id_fk" FOREIGN KEY ("chat_pal_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_pal_answers" ADD CONSTRAINT "chat_pal_answers_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_pal_operators" ADD CONSTRAINT "chat_pal_operators_chat_pal_id_profiles_id_fk" FOREIGN KEY ("chat_pal_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_pal_operators" ADD CONSTRAINT "chat_pal_operators_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_pal_answers_answered" ON "chat_pal_answers" USING btree ("answered_at");--> statement-breakpoint
CREATE INDEX "chat_pal_answers_staff" ON "chat_pal_answers" USING btree ("staff_id","answered_at");--> statement-breakpoint
CREATE INDEX "chat_pal_answers_chat_pal" ON "chat_pal_answers" USING btree ("chat_pal_id","answered_at");--> statement-breakpoint
CREATE INDEX "chat_pal_operators_staff" ON "chat_pal_operators" USING btree ("staff_id","chat_pal_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_staff_operator_id_staff_accounts_id_fk" FOREIGN KEY ("staff_operator_id") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_claims" ADD CONSTRAINT "operator_claims_operator_id_staff_accounts_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_notes" ADD CONSTRAINT "operator_notes_staff_author_id_staff_accounts_id_fk" FOREIGN KEY ("staff_author_id") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_claims_operator" ON "operator_claims" USING btree ("operator_id","expires_at");