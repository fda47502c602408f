CREATE TABLE "device_user_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"user_id" integer,
	"user_name" text DEFAULT '' NOT NULL,
	"logged_in_at" timestamp with time zone NOT NULL,
	"logged_out_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"name" text NOT NULL,
	"account" text NOT NULL,
	"password_ha1" text,
	"user_id" integer,
	"phone" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"mac" text DEFAULT '' NOT NULL,
	"vars" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" integer DEFAULT 0 NOT NULL,
	"state_changed_at" timestamp with time zone,
	"hotdesk" boolean DEFAULT false NOT NULL,
	"hotdesks" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_user_audit" ADD CONSTRAINT "device_user_audit_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_user_audit" ADD CONSTRAINT "device_user_audit_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_user_audit" ADD CONSTRAINT "device_user_audit_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_user_audit_device_time" ON "device_user_audit" USING btree ("device_id","logged_in_at");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_domain_account" ON "devices" USING btree ("domain_id",lower("account"));--> statement-breakpoint
CREATE INDEX "devices_name_search" ON "devices" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "devices_account_search" ON "devices" USING btree (lower("account") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "devices_domain_name" ON "devices" USING btree ("domain_id","name");--> statement-breakpoint
CREATE INDEX "devices_user" ON "devices" USING btree ("user_id");