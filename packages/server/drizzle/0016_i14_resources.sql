CREATE TABLE "cc_resource_displays" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"resource_id" integer NOT NULL,
	"display" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cc_resource_group_resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"resource_id" integer NOT NULL,
	"reserve_resource_id" integer,
	"priority" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cc_resource_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"name" text NOT NULL,
	"strategy" text DEFAULT 'topDown' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"communication_id" integer NOT NULL,
	"time" jsonb DEFAULT '[{"startTimeOfDay":540,"endTimeOfDay":1200}]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cc_resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"name" text NOT NULL,
	"gateway_id" integer NOT NULL,
	"rps" integer DEFAULT 10 NOT NULL,
	"limit" integer DEFAULT 10 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"max_successively_errors" integer DEFAULT 2 NOT NULL,
	"error_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"display" text DEFAULT '' NOT NULL,
	"patterns" text[] DEFAULT '{}'::text[] NOT NULL,
	"failure_dial_delay" integer DEFAULT 0 NOT NULL,
	"parameters" jsonb DEFAULT '{"cidType":"none","ignoreEarlyMedia":"false"}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cc_resource_displays" ADD CONSTRAINT "cc_resource_displays_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_resource_displays" ADD CONSTRAINT "cc_resource_displays_resource_id_cc_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."cc_resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_resource_group_resources" ADD CONSTRAINT "cc_resource_group_resources_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_resource_group_resources" ADD CONSTRAINT "cc_resource_group_resources_group_id_cc_resource_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."cc_resource_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_resource_group_resources" ADD CONSTRAINT "cc_resource_group_resources_resource_id_cc_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."cc_resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_resource_group_resources" ADD CONSTRAINT "cc_resource_group_resources_reserve_resource_id_cc_resources_id_fk" FOREIGN KEY ("reserve_resource_id") REFERENCES "public"."cc_resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_resource_groups" ADD CONSTRAINT "cc_resource_groups_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_resource_groups" ADD CONSTRAINT "cc_resource_groups_communication_id_communication_types_id_fk" FOREIGN KEY ("communication_id") REFERENCES "public"."communication_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_resources" ADD CONSTRAINT "cc_resources_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_resources" ADD CONSTRAINT "cc_resources_gateway_id_sip_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."sip_gateways"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cc_resource_displays_resource_display" ON "cc_resource_displays" USING btree ("resource_id","display");--> statement-breakpoint
CREATE INDEX "cc_resource_displays_display_search" ON "cc_resource_displays" USING btree ("resource_id",lower("display") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "cc_resource_displays_display_sort" ON "cc_resource_displays" USING btree ("resource_id",(lower("display") collate "und-x-icu"),"id");--> statement-breakpoint
CREATE UNIQUE INDEX "cc_resource_group_resources_group_resource" ON "cc_resource_group_resources" USING btree ("group_id","resource_id");--> statement-breakpoint
CREATE INDEX "cc_resource_group_resources_priority" ON "cc_resource_group_resources" USING btree ("group_id","priority","id");--> statement-breakpoint
CREATE INDEX "cc_resource_group_resources_resource" ON "cc_resource_group_resources" USING btree ("resource_id");--> statement-breakpoint
CREATE INDEX "cc_resource_group_resources_reserve" ON "cc_resource_group_resources" USING btree ("reserve_resource_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cc_resource_groups_domain_name" ON "cc_resource_groups" USING btree ("domain_id",lower("name"));--> statement-breakpoint
CREATE INDEX "cc_resource_groups_name_search" ON "cc_resource_groups" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "cc_resource_groups_name_sort" ON "cc_resource_groups" USING btree ("domain_id",(lower("name") collate "und-x-icu"),"id");--> statement-breakpoint
CREATE INDEX "cc_resource_groups_communication" ON "cc_resource_groups" USING btree ("communication_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cc_resources_domain_name" ON "cc_resources" USING btree ("domain_id",lower("name"));--> statement-breakpoint
CREATE INDEX "cc_resources_name_search" ON "cc_resources" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "cc_resources_name_sort" ON "cc_resources" USING btree ("domain_id",(lower("name") collate "und-x-icu"),"id");--> statement-breakpoint
CREATE INDEX "cc_resources_gateway" ON "cc_resources" USING btree ("gateway_id");