ALTER TABLE "workspace_locks" ADD COLUMN "device_browser" text;--> statement-breakpoint
ALTER TABLE "workspace_locks" ADD COLUMN "device_os" text;--> statement-breakpoint
ALTER TABLE "workspace_locks" ADD COLUMN "last_active_at" timestamp with time zone DEFAULT now() NOT NULL;