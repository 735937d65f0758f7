ALTER TABLE "invitations" ADD COLUMN "invitee_id" uuid;--> statement-breakpoint
-- Pending invitations mailed before 0018 record no invitee: give them the account their address has now, and its
-- stamp, so they keep working after the upgrade (as if mailed now).
UPDATE "invitations" SET
  "invitee_id" = (SELECT "uuid" FROM "users" WHERE "users"."email" = "invitations"."email"),
  "invitee_stamp" = coalesce((SELECT "security_stamp" FROM "users" WHERE "users"."email" = "invitations"."email"), 0)
WHERE "accepted_at" IS NULL AND "revoked_at" IS NULL;
