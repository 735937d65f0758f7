ALTER TABLE "refresh_tokens" ADD COLUMN "session_started_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "ip" text;--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_live_idx" ON "refresh_tokens" USING btree ("user_id","created_at","family_id") WHERE "refresh_tokens"."revoked_at" is null and "refresh_tokens"."replaced_at" is null;--> statement-breakpoint
-- Open sessions began with their family's first token. Only the live tokens are rewritten (one per open session,
-- the rows the sessions list shows), not every spent or revoked one, so the table stays locked briefly.
UPDATE "refresh_tokens" AS "token" SET "session_started_at" = "family"."started"
FROM (SELECT "family_id", min("created_at") AS "started" FROM "refresh_tokens" GROUP BY "family_id") AS "family"
WHERE "token"."family_id" = "family"."family_id"
  AND "token"."revoked_at" IS NULL AND "token"."replaced_at" IS NULL;
