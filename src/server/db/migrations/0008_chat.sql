CREATE TABLE "account_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_sides" (
	"conversation_id" bigint NOT NULL,
	"profile_id" bigint NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	"last_read_message_id" bigint,
	"cleared_at" timestamp with time zone,
	"last_message_at" timestamp with time zone,
	CONSTRAINT "conversation_sides_conversation_id_profile_id_pk" PRIMARY KEY("conversation_id","profile_id"),
	CONSTRAINT "conversation_sides_unread_nonnegative" CHECK ("conversation_sides"."unread" >= 0)
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" varchar(16) NOT NULL,
	"conversation_id" bigint NOT NULL,
	"sender_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"body" text,
	"item" text,
	"photo_key" text,
	"photo_width" integer,
	"photo_height" integer,
	"status" text DEFAULT 'delivered' NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"free" boolean DEFAULT false NOT NULL,
	"client_id" varchar(64),
	"operator_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "operator_claims" (
	"conversation_id" bigint PRIMARY KEY NOT NULL,
	"operator_id" bigint NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_profile_id" bigint NOT NULL,
	"author_id" bigint,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" varchar(16) NOT NULL,
	"account_id" bigint NOT NULL,
	"key" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reference" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "system_messages_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
ALTER TABLE "account_events" ADD CONSTRAINT "account_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_sides" ADD CONSTRAINT "conversation_sides_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_sides" ADD CONSTRAINT "conversation_sides_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_profiles_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_operator_id_accounts_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_claims" ADD CONSTRAINT "operator_claims_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_claims" ADD CONSTRAINT "operator_claims_operator_id_accounts_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_notes" ADD CONSTRAINT "operator_notes_member_profile_id_profiles_id_fk" FOREIGN KEY ("member_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_notes" ADD CONSTRAINT "operator_notes_author_id_accounts_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_messages" ADD CONSTRAINT "system_messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_events_account" ON "account_events" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "account_events_time" ON "account_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "conversation_sides_list" ON "conversation_sides" USING btree ("profile_id","last_message_at");--> statement-breakpoint
CREATE INDEX "messages_conversation" ON "messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_sender_client" ON "messages" USING btree ("sender_id","client_id");--> statement-breakpoint
CREATE INDEX "messages_held" ON "messages" USING btree ("sender_id") WHERE "messages"."status" = 'held';--> statement-breakpoint
CREATE INDEX "operator_notes_member" ON "operator_notes" USING btree ("member_profile_id","id");--> statement-breakpoint
CREATE INDEX "system_messages_account" ON "system_messages" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "system_messages_reference" ON "system_messages" USING btree ("account_id","key","reference");