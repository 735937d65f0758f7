ALTER TABLE "invitations" ADD COLUMN "accepted_stamp" integer;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD COLUMN "stamp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "security_stamp" integer DEFAULT 0 NOT NULL;