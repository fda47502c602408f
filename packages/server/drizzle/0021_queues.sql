CREATE TABLE "cc_queue_members" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	"name" text NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"bucket_id" integer,
	"timezone" text,
	"communications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"destinations" text[] DEFAULT '{}'::text[] NOT NULL,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expire_at" timestamp with time zone,
	"min_offering_at" timestamp with time zone,
	"agent_id" integer,
	"stop_cause" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"offering_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cc_queues" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" integer DEFAULT 0 NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"strategy" text DEFAULT 'fifo' NOT NULL,
	"calendar_id" integer NOT NULL,
	"dnc_list_id" integer,
	"team_id" integer,
	"ringtone_id" integer,
	"grantee_id" integer,
	"schema_id" integer,
	"do_schema_id" integer,
	"after_schema_id" integer,
	"form_schema_id" integer,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sticky_agent" boolean DEFAULT false NOT NULL,
	"task_processing" jsonb DEFAULT '{"enabled":false,"formSchema":null,"sec":30,"renewalSec":15}'::jsonb NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"max_of_retry" integer DEFAULT 0 NOT NULL,
	"timeout" integer DEFAULT 0 NOT NULL,
	"sec_between_retries" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cc_queue_members" ADD CONSTRAINT "cc_queue_members_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_queue_members" ADD CONSTRAINT "cc_queue_members_queue_id_cc_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."cc_queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_queue_members" ADD CONSTRAINT "cc_queue_members_bucket_id_buckets_id_fk" FOREIGN KEY ("bucket_id") REFERENCES "public"."buckets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_queue_members" ADD CONSTRAINT "cc_queue_members_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_queues" ADD CONSTRAINT "cc_queues_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_queues" ADD CONSTRAINT "cc_queues_calendar_id_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."calendars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_queues" ADD CONSTRAINT "cc_queues_dnc_list_id_blacklists_id_fk" FOREIGN KEY ("dnc_list_id") REFERENCES "public"."blacklists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_queues" ADD CONSTRAINT "cc_queues_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_queues" ADD CONSTRAINT "cc_queues_ringtone_id_media_files_id_fk" FOREIGN KEY ("ringtone_id") REFERENCES "public"."media_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_queues" ADD CONSTRAINT "cc_queues_grantee_id_roles_id_fk" FOREIGN KEY ("grantee_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_queues" ADD CONSTRAINT "cc_queues_schema_id_flows_id_fk" FOREIGN KEY ("schema_id") REFERENCES "public"."flows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_queues" ADD CONSTRAINT "cc_queues_do_schema_id_flows_id_fk" FOREIGN KEY ("do_schema_id") REFERENCES "public"."flows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_queues" ADD CONSTRAINT "cc_queues_after_schema_id_flows_id_fk" FOREIGN KEY ("after_schema_id") REFERENCES "public"."flows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_queues" ADD CONSTRAINT "cc_queues_form_schema_id_flows_id_fk" FOREIGN KEY ("form_schema_id") REFERENCES "public"."flows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cc_queue_members_queue" ON "cc_queue_members" USING btree ("queue_id","id");--> statement-breakpoint
CREATE INDEX "cc_queue_members_waiting" ON "cc_queue_members" USING btree ("queue_id") WHERE "cc_queue_members"."stop_cause" is null;--> statement-breakpoint
CREATE INDEX "cc_queue_members_destinations" ON "cc_queue_members" USING gin ("destinations");--> statement-breakpoint
CREATE UNIQUE INDEX "cc_queues_domain_name" ON "cc_queues" USING btree ("domain_id",lower("name"));--> statement-breakpoint
CREATE INDEX "cc_queues_name_search" ON "cc_queues" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "cc_queues_name_sort" ON "cc_queues" USING btree ("domain_id",(lower("name") collate "und-x-icu"),"id");--> statement-breakpoint
CREATE INDEX "cc_queues_team" ON "cc_queues" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "cc_queues_calendar" ON "cc_queues" USING btree ("calendar_id");--> statement-breakpoint
CREATE INDEX "cc_queues_dnc_list" ON "cc_queues" USING btree ("dnc_list_id");