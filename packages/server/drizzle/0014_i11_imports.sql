CREATE TABLE "import_errors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"line" integer NOT NULL,
	"field" text NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"user_id" integer,
	"user_ip" text DEFAULT '' NOT NULL,
	"resource" text NOT NULL,
	"parent_id" integer,
	"file_name" text NOT NULL,
	"file_path" text NOT NULL,
	"bytes" bigint NOT NULL,
	"mode" text NOT NULL,
	"charset" text NOT NULL,
	"separator" text NOT NULL,
	"header" boolean NOT NULL,
	"mapping" jsonb,
	"state" text DEFAULT 'queued' NOT NULL,
	"phase" text,
	"bytes_read" bigint DEFAULT 0 NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"rows_to_load" integer DEFAULT 0 NOT NULL,
	"rows_loaded" integer DEFAULT 0 NOT NULL,
	"rows_failed" integer DEFAULT 0 NOT NULL,
	"checked_through" integer DEFAULT 0 NOT NULL,
	"loaded_through" integer DEFAULT 0 NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"runner" text,
	"error" text,
	"error_key" text,
	"error_params" jsonb,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "import_errors" ADD CONSTRAINT "import_errors_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_errors_import_line" ON "import_errors" USING btree ("import_id","line");--> statement-breakpoint
CREATE INDEX "imports_domain_user" ON "imports" USING btree ("domain_id","user_id","id");--> statement-breakpoint
CREATE INDEX "imports_state" ON "imports" USING btree ("state");