CREATE TABLE "chatplan" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"name" text NOT NULL,
	"flow_id" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dialplan" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"name" text NOT NULL,
	"flow_id" integer NOT NULL,
	"pattern" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"flow_id" integer NOT NULL,
	"version" integer NOT NULL,
	"schema" jsonb NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_by" integer
);
--> statement-breakpoint
CREATE TABLE "flows" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"name" text NOT NULL,
	"schema" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"type" text DEFAULT 'voice' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"editor" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chatplan" ADD CONSTRAINT "chatplan_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatplan" ADD CONSTRAINT "chatplan_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialplan" ADD CONSTRAINT "dialplan_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialplan" ADD CONSTRAINT "dialplan_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_versions" ADD CONSTRAINT "flow_versions_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_versions" ADD CONSTRAINT "flow_versions_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_versions" ADD CONSTRAINT "flow_versions_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flows" ADD CONSTRAINT "flows_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chatplan_name_search" ON "chatplan" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "chatplan_domain_name" ON "chatplan" USING btree ("domain_id","name");--> statement-breakpoint
CREATE INDEX "chatplan_flow" ON "chatplan" USING btree ("flow_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dialplan_domain_position" ON "dialplan" USING btree ("domain_id","position");--> statement-breakpoint
CREATE INDEX "dialplan_name_search" ON "dialplan" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "dialplan_pattern_search" ON "dialplan" USING btree (lower("pattern") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "dialplan_flow" ON "dialplan" USING btree ("flow_id");--> statement-breakpoint
CREATE UNIQUE INDEX "flow_versions_flow_version" ON "flow_versions" USING btree ("flow_id","version");--> statement-breakpoint
CREATE INDEX "flows_name_search" ON "flows" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "flows_domain_name" ON "flows" USING btree ("domain_id","name");--> statement-breakpoint
CREATE INDEX "flows_domain_type" ON "flows" USING btree ("domain_id","type");--> statement-breakpoint
CREATE INDEX "flows_tags" ON "flows" USING gin ("tags");