DROP INDEX "activity_log_tenant_action_idx";--> statement-breakpoint
DROP INDEX "activity_log_actor_idx";