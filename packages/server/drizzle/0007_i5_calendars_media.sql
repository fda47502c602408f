CREATE TABLE "calendars" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"timezone" text NOT NULL,
	"start_at" bigint,
	"end_at" bigint,
	"accepts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"excepts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendars" ADD CONSTRAINT "calendars_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendars_name_search" ON "calendars" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "calendars_domain_name" ON "calendars" USING btree ("domain_id","name");--> statement-breakpoint
CREATE INDEX "media_files_name_search" ON "media_files" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "media_files_domain_created" ON "media_files" USING btree ("domain_id","created_at");--> statement-breakpoint
CREATE INDEX "media_files_domain_name" ON "media_files" USING btree ("domain_id","name");