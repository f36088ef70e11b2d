ALTER TABLE "cli_commands" DROP CONSTRAINT "cli_commands_type_check";--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "models" jsonb;--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "commands" jsonb;--> statement-breakpoint
ALTER TABLE "remote_sessions" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "remote_sessions" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cli_commands" ADD CONSTRAINT "cli_commands_type_check" CHECK ("cli_commands"."type" IN ('session:create', 'session:input', 'session:permission', 'session:interrupt', 'session:settings', 'session:rename', 'session:delete', 'session:model'));