ALTER TABLE "refresh_tokens" ADD COLUMN "session_started_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "ip" text;--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_live_idx" ON "refresh_tokens" USING btree ("user_id","created_at" DESC NULLS LAST,"family_id" DESC NULLS LAST) WHERE "refresh_tokens"."revoked_at" is null and "refresh_tokens"."replaced_at" is null;--> statement-breakpoint
-- Sessions opened before this migration began with their family's first token.
UPDATE "refresh_tokens" AS "token" SET "session_started_at" = "family"."started"
FROM (SELECT "family_id", min("created_at") AS "started" FROM "refresh_tokens" GROUP BY "family_id") AS "family"
WHERE "token"."family_id" = "family"."family_id";
