CREATE TABLE "cc_queue_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	"member_id" bigint,
	"destination" text DEFAULT '' NOT NULL,
	"agent_id" integer,
	"joined_at" timestamp with time zone NOT NULL,
	"offering_at" timestamp with time zone,
	"leaving_at" timestamp with time zone,
	"duration" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"result" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cc_queue_buckets" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	"bucket_id" integer NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cc_queue_hooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	"event" text NOT NULL,
	"properties" text[] DEFAULT '{}'::text[] NOT NULL,
	"schema_id" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cc_queue_resource_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	"resource_group_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cc_queue_skill_buckets" (
	"queue_skill_id" integer NOT NULL,
	"bucket_id" integer NOT NULL,
	CONSTRAINT "cc_queue_skill_buckets_queue_skill_id_bucket_id_pk" PRIMARY KEY("queue_skill_id","bucket_id")
);
--> statement-breakpoint
CREATE TABLE "cc_queue_skills" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	"skill_id" integer NOT NULL,
	"lvl" integer DEFAULT 0 NOT NULL,
	"min_capacity" integer DEFAULT 0 NOT NULL,
	"max_capacity" integer DEFAULT 10 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cc_queue_attempts" ADD CONSTRAINT "cc_queue_attempts_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_queue_attempts" ADD CONSTRAINT "cc_queue_attempts_queue_id_cc_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."cc_queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_queue_attempts" ADD CONSTRAINT "cc_queue_attempts_member_id_cc_queue_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."cc_queue_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_queue_attempts" ADD CONSTRAINT "cc_queue_attempts_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_queue_buckets" ADD CONSTRAINT "cc_queue_buckets_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_queue_buckets" ADD CONSTRAINT "cc_queue_buckets_queue_id_cc_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."cc_queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_queue_buckets" ADD CONSTRAINT "cc_queue_buckets_bucket_id_buckets_id_fk" FOREIGN KEY ("bucket_id") REFERENCES "public"."buckets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_queue_hooks" ADD CONSTRAINT "cc_queue_hooks_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_queue_hooks" ADD CONSTRAINT "cc_queue_hooks_queue_id_cc_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."cc_queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_queue_hooks" ADD CONSTRAINT "cc_queue_hooks_schema_id_flows_id_fk" FOREIGN KEY ("schema_id") REFERENCES "public"."flows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_queue_resource_groups" ADD CONSTRAINT "cc_queue_resource_groups_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_queue_resource_groups" ADD CONSTRAINT "cc_queue_resource_groups_queue_id_cc_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."cc_queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_queue_resource_groups" ADD CONSTRAINT "cc_queue_resource_groups_resource_group_id_cc_resource_groups_id_fk" FOREIGN KEY ("resource_group_id") REFERENCES "public"."cc_resource_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_queue_skill_buckets" ADD CONSTRAINT "cc_queue_skill_buckets_queue_skill_id_cc_queue_skills_id_fk" FOREIGN KEY ("queue_skill_id") REFERENCES "public"."cc_queue_skills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_queue_skill_buckets" ADD CONSTRAINT "cc_queue_skill_buckets_bucket_id_buckets_id_fk" FOREIGN KEY ("bucket_id") REFERENCES "public"."buckets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_queue_skills" ADD CONSTRAINT "cc_queue_skills_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_queue_skills" ADD CONSTRAINT "cc_queue_skills_queue_id_cc_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."cc_queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cc_queue_skills" ADD CONSTRAINT "cc_queue_skills_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cc_queue_attempts_queue_joined" ON "cc_queue_attempts" USING btree ("queue_id","joined_at","id");--> statement-breakpoint
CREATE INDEX "cc_queue_attempts_agent" ON "cc_queue_attempts" USING btree ("agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cc_queue_buckets_queue_bucket" ON "cc_queue_buckets" USING btree ("queue_id","bucket_id");--> statement-breakpoint
CREATE INDEX "cc_queue_buckets_bucket" ON "cc_queue_buckets" USING btree ("bucket_id");--> statement-breakpoint
CREATE INDEX "cc_queue_hooks_queue" ON "cc_queue_hooks" USING btree ("queue_id","event");--> statement-breakpoint
CREATE INDEX "cc_queue_hooks_schema" ON "cc_queue_hooks" USING btree ("schema_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cc_queue_resource_groups_queue_group" ON "cc_queue_resource_groups" USING btree ("queue_id","resource_group_id");--> statement-breakpoint
CREATE INDEX "cc_queue_resource_groups_group" ON "cc_queue_resource_groups" USING btree ("resource_group_id");--> statement-breakpoint
CREATE INDEX "cc_queue_skill_buckets_bucket" ON "cc_queue_skill_buckets" USING btree ("bucket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cc_queue_skills_queue_skill" ON "cc_queue_skills" USING btree ("queue_id","skill_id");--> statement-breakpoint
CREATE INDEX "cc_queue_skills_skill" ON "cc_queue_skills" USING btree ("skill_id");--> statement-breakpoint
CREATE VIEW "public"."cc_queue_agents" AS (select a.id, a.domain_id, q.id as queue_id
  from cc_queues q join agents a on a.team_id = q.team_id and a.domain_id = q.domain_id
  where not exists (select 1 from cc_queue_skills qs where qs.queue_id = q.id and qs.enabled)
     or exists (select 1 from cc_queue_skills qs join agent_skills s on s.skill_id = qs.skill_id
                where qs.queue_id = q.id and qs.enabled and s.agent_id = a.id and s.enabled
                  and s.capacity between qs.min_capacity and qs.max_capacity));