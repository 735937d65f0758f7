ALTER TABLE "invitations" ADD COLUMN "invitee_stamp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "security_stamp_at" timestamp with time zone;