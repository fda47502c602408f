CREATE TABLE "trigger_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"trigger_id" integer NOT NULL,
	"slot" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"duration_ms" integer,
	"result" text DEFAULT 'idle' NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"output" jsonb,
	"timeout" integer DEFAULT 60 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "triggers" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"flow_id" integer NOT NULL,
	"timeout" integer DEFAULT 60 NOT NULL,
	"timezone" text NOT NULL,
	"type" text DEFAULT 'cron' NOT NULL,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expression" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trigger_runs" ADD CONSTRAINT "trigger_runs_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_runs" ADD CONSTRAINT "trigger_runs_trigger_id_triggers_id_fk" FOREIGN KEY ("trigger_id") REFERENCES "public"."triggers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triggers" ADD CONSTRAINT "triggers_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triggers" ADD CONSTRAINT "triggers_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trigger_runs_trigger_slot" ON "trigger_runs" USING btree ("trigger_id","slot");--> statement-breakpoint
CREATE INDEX "trigger_runs_trigger_created" ON "trigger_runs" USING btree ("trigger_id","created_at");--> statement-breakpoint
CREATE INDEX "trigger_runs_trigger_started" ON "trigger_runs" USING btree ("trigger_id","started_at");--> statement-breakpoint
CREATE INDEX "trigger_runs_open" ON "trigger_runs" USING btree ("result","created_at") WHERE result in ('idle', 'active');--> statement-breakpoint
CREATE INDEX "triggers_name_search" ON "triggers" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "triggers_name_sort" ON "triggers" USING btree ("domain_id",(lower("name") collate "und-x-icu"),"id");--> statement-breakpoint
CREATE INDEX "triggers_flow" ON "triggers" USING btree ("flow_id");--> statement-breakpoint
CREATE INDEX "triggers_enabled" ON "triggers" USING btree ("enabled");