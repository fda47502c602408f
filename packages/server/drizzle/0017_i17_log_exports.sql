CREATE TABLE "logger_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"config_id" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"storage_profile_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"size" bigint NOT NULL,
	"count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "logger_config" ADD COLUMN "exported_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "logger_exports" ADD CONSTRAINT "logger_exports_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logger_exports" ADD CONSTRAINT "logger_exports_config_id_logger_config_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."logger_config"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logger_exports" ADD CONSTRAINT "logger_exports_storage_profile_id_storage_profiles_id_fk" FOREIGN KEY ("storage_profile_id") REFERENCES "public"."storage_profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "logger_exports_config_period" ON "logger_exports" USING btree ("config_id","period_start");--> statement-breakpoint
CREATE INDEX "logger_exports_config_created" ON "logger_exports" USING btree ("config_id","created_at");--> statement-breakpoint
CREATE INDEX "logger_exports_storage_profile" ON "logger_exports" USING btree ("storage_profile_id");