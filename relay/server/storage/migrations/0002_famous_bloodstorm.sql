CREATE TABLE "cli_commands" (
	"ord" bigserial PRIMARY KEY NOT NULL,
	"id" uuid NOT NULL,
	"instance_id" uuid NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cli_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"label" text NOT NULL,
	"origin" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "instances" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"cli_token_id" uuid,
	"platform" text DEFAULT '' NOT NULL,
	"hostname" text DEFAULT '' NOT NULL,
	"cwd" text DEFAULT '' NOT NULL,
	"node_version" text DEFAULT '' NOT NULL,
	"cli_version" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"socket_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pairing_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pairing_code" text NOT NULL,
	"device_code_hash" text NOT NULL,
	"hostname" text NOT NULL,
	"platform" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"token_issued_at" timestamp with time zone,
	"cli_token_id" uuid
);
--> statement-breakpoint
CREATE TABLE "remote_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"instance_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"first_message" text,
	"last_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active_at" timestamp with time zone NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"auto_approve" boolean DEFAULT false NOT NULL,
	"client_request_id" text
);
--> statement-breakpoint
CREATE TABLE "session_events" (
	"session_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"event_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"body" jsonb NOT NULL,
	CONSTRAINT "session_events_session_id_seq_pk" PRIMARY KEY("session_id","seq")
);
--> statement-breakpoint
CREATE TABLE "workspace_locks" (
	"instance_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"window_id" text NOT NULL,
	"socket_id" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"lease_expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cli_commands" ADD CONSTRAINT "cli_commands_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cli_tokens" ADD CONSTRAINT "cli_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instances" ADD CONSTRAINT "instances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instances" ADD CONSTRAINT "instances_cli_token_id_cli_tokens_id_fk" FOREIGN KEY ("cli_token_id") REFERENCES "public"."cli_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairing_requests" ADD CONSTRAINT "pairing_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairing_requests" ADD CONSTRAINT "pairing_requests_cli_token_id_cli_tokens_id_fk" FOREIGN KEY ("cli_token_id") REFERENCES "public"."cli_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_sessions" ADD CONSTRAINT "remote_sessions_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_sessions" ADD CONSTRAINT "remote_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_events" ADD CONSTRAINT "session_events_session_id_remote_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."remote_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_locks" ADD CONSTRAINT "workspace_locks_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_locks" ADD CONSTRAINT "workspace_locks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cli_commands_id_unique" ON "cli_commands" USING btree ("id");--> statement-breakpoint
CREATE INDEX "cli_commands_pending_idx" ON "cli_commands" USING btree ("instance_id","delivered_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cli_tokens_hash_unique" ON "cli_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "cli_tokens_user_idx" ON "cli_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "instances_user_idx" ON "instances" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pairing_requests_code_unique" ON "pairing_requests" USING btree ("pairing_code");--> statement-breakpoint
CREATE UNIQUE INDEX "pairing_requests_device_unique" ON "pairing_requests" USING btree ("device_code_hash");--> statement-breakpoint
CREATE INDEX "pairing_requests_expires_idx" ON "pairing_requests" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "remote_sessions_instance_idx" ON "remote_sessions" USING btree ("instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "remote_sessions_client_request_unique" ON "remote_sessions" USING btree ("instance_id","client_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "session_events_event_unique" ON "session_events" USING btree ("session_id","event_id");