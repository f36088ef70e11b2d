ALTER TABLE "users" ADD CONSTRAINT "users_provider_check" CHECK ("users"."provider" IN ('tern', 'feishu', 'cheetah'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_type_check" CHECK ("orders"."type" IN ('purchase', 'renewal'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" IN ('pending', 'paid', 'cancelled', 'expired', 'refunded'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_check" CHECK ("orders"."payment_status" IN ('unpaid', 'paid', 'failed', 'refunded'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_check" CHECK ("orders"."payment_method" IN ('sandbox', 'stripe'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_lang_check" CHECK ("orders"."lang" IN ('en', 'zh'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_plan_type_check" CHECK ("products"."plan_type" IN ('free', 'basic', 'pro', 'enterprise', 'custom'));--> statement-breakpoint
ALTER TABLE "cli_commands" ADD CONSTRAINT "cli_commands_type_check" CHECK ("cli_commands"."type" IN ('session:create', 'session:input', 'session:permission', 'session:interrupt', 'session:settings'));--> statement-breakpoint
ALTER TABLE "pairing_requests" ADD CONSTRAINT "pairing_requests_status_check" CHECK ("pairing_requests"."status" IN ('pending', 'approved', 'denied', 'expired'));