CREATE TABLE "licenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"serial" text NOT NULL,
	"product" text NOT NULL,
	"scope" text[] NOT NULL,
	"seat_limit" integer NOT NULL,
	"competitive" boolean DEFAULT false NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"domain" text NOT NULL,
	"certificate" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_licenses" (
	"user_id" integer NOT NULL,
	"license_id" integer NOT NULL,
	CONSTRAINT "user_licenses_user_id_license_id_pk" PRIMARY KEY("user_id","license_id")
);
--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_licenses" ADD CONSTRAINT "user_licenses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_licenses" ADD CONSTRAINT "user_licenses_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "licenses_domain_serial" ON "licenses" USING btree ("domain_id","serial");--> statement-breakpoint
CREATE INDEX "licenses_product_search" ON "licenses" USING btree (lower("product") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "licenses_serial_search" ON "licenses" USING btree (lower("serial") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "licenses_domain_not_after" ON "licenses" USING btree ("domain_id","not_after");--> statement-breakpoint
CREATE INDEX "user_licenses_license" ON "user_licenses" USING btree ("license_id");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "license_ids";