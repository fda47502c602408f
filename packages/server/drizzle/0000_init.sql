CREATE TABLE "auth_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"usage" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"ip" text DEFAULT '' NOT NULL,
	CONSTRAINT "auth_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "class_grants" (
	"objclass_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"access" smallint NOT NULL,
	CONSTRAINT "class_grants_objclass_id_role_id_pk" PRIMARY KEY("objclass_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "default_acl" (
	"objclass_id" integer NOT NULL,
	"grantor_id" integer NOT NULL,
	"grantee_id" integer NOT NULL,
	"access" smallint NOT NULL,
	CONSTRAINT "default_acl_objclass_id_grantor_id_grantee_id_pk" PRIMARY KEY("objclass_id","grantor_id","grantee_id")
);
--> statement-breakpoint
CREATE TABLE "domains" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "domains_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "job_claims" (
	"name" text PRIMARY KEY NOT NULL,
	"run_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logger_config" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"object" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"days_to_store" integer DEFAULT 7 NOT NULL,
	"storage_id" integer,
	"period" integer DEFAULT 7 NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"object" text NOT NULL,
	"action" text NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"user_ip" text DEFAULT '' NOT NULL,
	"record_id" integer,
	"new_state" jsonb,
	"old_state" jsonb
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "objclass" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"class" text NOT NULL,
	"obac" boolean DEFAULT true NOT NULL,
	"rbac" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_acl" (
	"domain_id" integer NOT NULL,
	"class" text NOT NULL,
	"record_id" integer NOT NULL,
	"grantee_id" integer NOT NULL,
	"access" smallint NOT NULL,
	CONSTRAINT "record_acl_class_record_id_grantee_id_pk" PRIMARY KEY("class","record_id","grantee_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"metadata" jsonb DEFAULT '{"access":{}}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"webrtc" boolean DEFAULT false NOT NULL,
	"stun" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"extension" text DEFAULT '' NOT NULL,
	"device_id" integer,
	"device_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"license_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"presence_status" text DEFAULT '' NOT NULL,
	"presence_note" text DEFAULT '' NOT NULL,
	"profile" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_grants" ADD CONSTRAINT "class_grants_objclass_id_objclass_id_fk" FOREIGN KEY ("objclass_id") REFERENCES "public"."objclass"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_grants" ADD CONSTRAINT "class_grants_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "default_acl" ADD CONSTRAINT "default_acl_objclass_id_objclass_id_fk" FOREIGN KEY ("objclass_id") REFERENCES "public"."objclass"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "default_acl" ADD CONSTRAINT "default_acl_grantor_id_roles_id_fk" FOREIGN KEY ("grantor_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "default_acl" ADD CONSTRAINT "default_acl_grantee_id_roles_id_fk" FOREIGN KEY ("grantee_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logger_config" ADD CONSTRAINT "logger_config_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logger_entries" ADD CONSTRAINT "logger_entries_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objclass" ADD CONSTRAINT "objclass_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_acl" ADD CONSTRAINT "record_acl_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_acl" ADD CONSTRAINT "record_acl_grantee_id_roles_id_fk" FOREIGN KEY ("grantee_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_tokens_user" ON "auth_tokens" USING btree ("user_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "logger_config_domain_object" ON "logger_config" USING btree ("domain_id","object");--> statement-breakpoint
CREATE INDEX "logger_entries_object_date" ON "logger_entries" USING btree ("domain_id","object","date");--> statement-breakpoint
CREATE INDEX "logger_entries_user_date" ON "logger_entries" USING btree ("domain_id","user_id","date");--> statement-breakpoint
CREATE INDEX "logger_entries_record" ON "logger_entries" USING btree ("domain_id","object","record_id");--> statement-breakpoint
CREATE INDEX "login_failures_key_at" ON "login_failures" USING btree ("key","at");--> statement-breakpoint
CREATE UNIQUE INDEX "objclass_domain_class" ON "objclass" USING btree ("domain_id","class");--> statement-breakpoint
CREATE INDEX "record_acl_grantee" ON "record_acl" USING btree ("class","grantee_id","record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_domain_name" ON "roles" USING btree ("domain_id",lower("name"));--> statement-breakpoint
CREATE INDEX "roles_name_search" ON "roles" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "user_roles_role" ON "user_roles" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_domain_username" ON "users" USING btree ("domain_id",lower("username"));--> statement-breakpoint
CREATE INDEX "users_name_search" ON "users" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_username_search" ON "users" USING btree (lower("username") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_extension_search" ON "users" USING btree (lower("extension") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_email_search" ON "users" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_domain_name" ON "users" USING btree ("domain_id","name");