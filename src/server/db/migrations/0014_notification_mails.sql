CREATE TABLE "notification_mails" (
	"account_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"message_id" bigint,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notification_mails_account_id_kind_reference_pk" PRIMARY KEY("account_id","kind","reference")
);
--> statement-breakpoint
ALTER TABLE "notification_mails" ADD CONSTRAINT "notification_mails_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;