ALTER TABLE "orders" ADD COLUMN "product_name_translations" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "translations" jsonb;