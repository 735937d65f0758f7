CREATE TABLE "operator_audit" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operator_id" uuid,
	"operator_email" text NOT NULL,
	"action" text NOT NULL,
	"target_user_id" uuid,
	"target_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "impersonator_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operator_audit" ADD CONSTRAINT "operator_audit_operator_id_users_uuid_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_audit" ADD CONSTRAINT "operator_audit_target_user_id_users_uuid_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_audit_newest_idx" ON "operator_audit" USING btree ("created_at","uuid");--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_impersonator_id_users_uuid_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_active_idx" ON "subscriptions" USING btree ("plan_id","interval") WHERE "subscriptions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "refresh_tokens_impersonator_idx" ON "refresh_tokens" USING btree ("impersonator_id") WHERE "refresh_tokens"."impersonator_id" is not null;--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","uuid","is_verified");