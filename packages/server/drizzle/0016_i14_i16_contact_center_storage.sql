CREATE TABLE "agent_auditors" (
	"agent_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "agent_auditors_agent_id_user_id_pk" PRIMARY KEY("agent_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "agent_skills" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"skill_id" integer NOT NULL,
	"capacity" integer DEFAULT 10 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_states" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"from_status" text DEFAULT '' NOT NULL,
	"to_status" text NOT NULL,
	"duration" integer,
	"channel" text DEFAULT '' NOT NULL,
	"payload" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_supervisors" (
	"agent_id" integer NOT NULL,
	"supervisor_id" integer NOT NULL,
	CONSTRAINT "agent_supervisors_agent_id_supervisor_id_pk" PRIMARY KEY("agent_id","supervisor_id")
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"team_id" integer,
	"region_id" integer,
	"progressive_count" integer DEFAULT 1 NOT NULL,
	"chat_count" integer DEFAULT 1 NOT NULL,
	"is_supervisor" boolean DEFAULT false NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"greeting_media_id" integer,
	"status" text DEFAULT 'offline' NOT NULL,
	"status_payload" text DEFAULT '' NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_admins" (
	"team_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	CONSTRAINT "team_admins_team_id_agent_id_pk" PRIMARY KEY("team_id","agent_id")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"strategy" text DEFAULT 'random' NOT NULL,
	"max_no_answer" integer DEFAULT 3 NOT NULL,
	"wrap_up_time" integer DEFAULT 15 NOT NULL,
	"no_answer_delay_time" integer DEFAULT 30 NOT NULL,
	"call_timeout" integer DEFAULT 60 NOT NULL,
	"invite_chat_timeout" integer DEFAULT 30 NOT NULL,
	"busy_delay_time" integer DEFAULT 0 NOT NULL,
	"reject_delay_time" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "agent_auditors" ADD CONSTRAINT "agent_auditors_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_auditors" ADD CONSTRAINT "agent_auditors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_skills" ADD CONSTRAINT "agent_skills_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_skills" ADD CONSTRAINT "agent_skills_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_skills" ADD CONSTRAINT "agent_skills_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_states" ADD CONSTRAINT "agent_states_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_states" ADD CONSTRAINT "agent_states_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_supervisors" ADD CONSTRAINT "agent_supervisors_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_supervisors" ADD CONSTRAINT "agent_supervisors_supervisor_id_agents_id_fk" FOREIGN KEY ("supervisor_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_greeting_media_id_media_files_id_fk" FOREIGN KEY ("greeting_media_id") REFERENCES "public"."media_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_admins" ADD CONSTRAINT "team_admins_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_admins" ADD CONSTRAINT "team_admins_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
ALTER TABLE "storage_profiles" ADD CONSTRAINT "storage_profiles_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_auditors_user" ON "agent_auditors" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_skills_agent_skill" ON "agent_skills" USING btree ("agent_id","skill_id");--> statement-breakpoint
CREATE INDEX "agent_skills_skill" ON "agent_skills" USING btree ("skill_id");--> statement-breakpoint
CREATE INDEX "agent_states_agent_joined" ON "agent_states" USING btree ("agent_id","joined_at");--> statement-breakpoint
CREATE INDEX "agent_supervisors_supervisor" ON "agent_supervisors" USING btree ("supervisor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agents_domain_user" ON "agents" USING btree ("domain_id","user_id");--> statement-breakpoint
CREATE INDEX "agents_team" ON "agents" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "team_admins_agent" ON "team_admins" USING btree ("agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_domain_name" ON "teams" USING btree ("domain_id",lower("name"));--> statement-breakpoint
CREATE INDEX "teams_name_search" ON "teams" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "teams_name_sort" ON "teams" USING btree ("domain_id",(lower("name") collate "und-x-icu"),"id");--> statement-breakpoint
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
CREATE INDEX "cc_resources_gateway" ON "cc_resources" USING btree ("gateway_id");--> statement-breakpoint
CREATE UNIQUE INDEX "storage_profiles_domain_name" ON "storage_profiles" USING btree ("domain_id",lower("name"));--> statement-breakpoint
CREATE INDEX "storage_profiles_name_search" ON "storage_profiles" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "storage_profiles_name_sort" ON "storage_profiles" USING btree ("domain_id",(lower("name") collate "und-x-icu"),"id");--> statement-breakpoint
CREATE INDEX "storage_profiles_domain_priority" ON "storage_profiles" USING btree ("domain_id","priority");--> statement-breakpoint
ALTER TABLE "logger_config" ADD CONSTRAINT "logger_config_storage_id_storage_profiles_id_fk" FOREIGN KEY ("storage_id") REFERENCES "public"."storage_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_storage_profile_id_storage_profiles_id_fk" FOREIGN KEY ("storage_profile_id") REFERENCES "public"."storage_profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_files_storage_profile" ON "media_files" USING btree ("storage_profile_id");