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
CREATE TABLE "signups_by_day" (
	"day" date PRIMARY KEY NOT NULL,
	"users" integer DEFAULT 0 NOT NULL,
	"verified_users" integer DEFAULT 0 NOT NULL
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
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","uuid");--> statement-breakpoint
-- Sign-ups per UTC day and how many of those accounts are verified, kept by the accounts themselves: the operators'
-- figures read a row per day instead of counting every account (docs/decisions/017). A bulk insert (the seed) counts
-- once per statement; a verification or a moved sign-up date once per row, and only then; a deletion takes its
-- account off its day.
CREATE FUNCTION count_signups(day date, users integer, verified integer) RETURNS void LANGUAGE sql AS $$
	INSERT INTO signups_by_day AS counted (day, users, verified_users) VALUES ($1, $2, $3)
	ON CONFLICT (day) DO UPDATE
		SET users = counted.users + excluded.users, verified_users = counted.verified_users + excluded.verified_users;
$$;
--> statement-breakpoint
CREATE FUNCTION count_signups_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM count_signups(day, count(*)::integer, (count(*) FILTER (WHERE is_verified))::integer)
		FROM (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, is_verified FROM added) AS rows GROUP BY day;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION count_signups_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM count_signups(day, -count(*)::integer, -(count(*) FILTER (WHERE is_verified))::integer)
		FROM (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, is_verified FROM removed) AS rows GROUP BY day;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION count_signups_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM count_signups((OLD.created_at AT TIME ZONE 'UTC')::date, -1, -OLD.is_verified::integer);
	PERFORM count_signups((NEW.created_at AT TIME ZONE 'UTC')::date, 1, NEW.is_verified::integer);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_count_signups_added AFTER INSERT ON users
	REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION count_signups_added();
--> statement-breakpoint
CREATE TRIGGER users_count_signups_removed AFTER DELETE ON users
	REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION count_signups_removed();
--> statement-breakpoint
CREATE TRIGGER users_count_signups_changed AFTER UPDATE OF created_at, is_verified ON users
	FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.is_verified IS DISTINCT FROM NEW.is_verified)
	EXECUTE FUNCTION count_signups_changed();
--> statement-breakpoint
INSERT INTO signups_by_day (day, users, verified_users)
	SELECT (created_at AT TIME ZONE 'UTC')::date, count(*), count(*) FILTER (WHERE is_verified) FROM users GROUP BY 1;
