CREATE TABLE "email_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"flow_id" integer NOT NULL,
	"imap_host" text NOT NULL,
	"imap_port" integer DEFAULT 993 NOT NULL,
	"smtp_host" text NOT NULL,
	"smtp_port" integer DEFAULT 587 NOT NULL,
	"fetch_interval" integer DEFAULT 60 NOT NULL,
	"login" text NOT NULL,
	"mailbox" text DEFAULT 'INBOX' NOT NULL,
	"password" text DEFAULT '' NOT NULL,
	"last_fetch_at" timestamp with time zone,
	"fetched_count" integer DEFAULT 0 NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"next_fetch_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_profiles" ADD CONSTRAINT "email_profiles_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_profiles" ADD CONSTRAINT "email_profiles_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_profiles_domain_name" ON "email_profiles" USING btree ("domain_id",lower("name"));--> statement-breakpoint
CREATE INDEX "email_profiles_name_search" ON "email_profiles" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "email_profiles_name_sort" ON "email_profiles" USING btree ("domain_id",(lower("name") collate "und-x-icu"),"id");--> statement-breakpoint
CREATE INDEX "email_profiles_flow" ON "email_profiles" USING btree ("flow_id");--> statement-breakpoint
CREATE INDEX "email_profiles_due" ON "email_profiles" USING btree ("next_fetch_at") WHERE "email_profiles"."enabled";