CREATE TABLE "storage_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"max_size" integer DEFAULT 10 NOT NULL,
	"expire_days" integer DEFAULT 30 NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_files" ADD COLUMN "storage_profile_id" integer;--> statement-breakpoint
ALTER TABLE "media_files" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "storage_profiles" ADD CONSTRAINT "storage_profiles_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "storage_profiles_domain_name" ON "storage_profiles" USING btree ("domain_id",lower("name"));--> statement-breakpoint
CREATE INDEX "storage_profiles_name_search" ON "storage_profiles" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "storage_profiles_name_sort" ON "storage_profiles" USING btree ("domain_id",(lower("name") collate "und-x-icu"),"id");--> statement-breakpoint
CREATE INDEX "storage_profiles_domain_priority" ON "storage_profiles" USING btree ("domain_id","priority");--> statement-breakpoint
ALTER TABLE "logger_config" ADD CONSTRAINT "logger_config_storage_id_storage_profiles_id_fk" FOREIGN KEY ("storage_id") REFERENCES "public"."storage_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_storage_profile_id_storage_profiles_id_fk" FOREIGN KEY ("storage_profile_id") REFERENCES "public"."storage_profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_files_storage_profile" ON "media_files" USING btree ("storage_profile_id");