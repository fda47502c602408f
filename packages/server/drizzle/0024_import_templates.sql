CREATE TABLE "import_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"source_id" integer NOT NULL,
	"source_type" text DEFAULT 'queue' NOT NULL,
	"parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "rows_skipped" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "options" jsonb;--> statement-breakpoint
ALTER TABLE "import_templates" ADD CONSTRAINT "import_templates_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_templates" ADD CONSTRAINT "import_templates_source_id_cc_queues_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."cc_queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_templates_domain_name" ON "import_templates" USING btree ("domain_id",lower("name"));--> statement-breakpoint
CREATE INDEX "import_templates_name_search" ON "import_templates" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "import_templates_name_sort" ON "import_templates" USING btree ("domain_id",(lower("name") collate "und-x-icu"),"id");--> statement-breakpoint
CREATE INDEX "import_templates_source" ON "import_templates" USING btree ("source_id");