CREATE TABLE "app_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photos" DROP CONSTRAINT "photos_storage_key_unique";--> statement-breakpoint
CREATE INDEX "photos_storage_key" ON "photos" USING btree ("storage_key");