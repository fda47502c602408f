CREATE TABLE "cognitive_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"name" text NOT NULL,
	"provider" text NOT NULL,
	"service" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cognitive_profiles" ADD CONSTRAINT "cognitive_profiles_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cognitive_profiles_domain_name" ON "cognitive_profiles" USING btree ("domain_id",lower("name"));--> statement-breakpoint
CREATE INDEX "cognitive_profiles_name_search" ON "cognitive_profiles" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "cognitive_profiles_name_sort" ON "cognitive_profiles" USING btree ("domain_id",(lower("name") collate "und-x-icu"),"id");--> statement-breakpoint
CREATE UNIQUE INDEX "cognitive_profiles_domain_default" ON "cognitive_profiles" USING btree ("domain_id","service") WHERE "cognitive_profiles"."is_default";