CREATE TABLE "chat_gateway_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"gateway_id" integer NOT NULL,
	"kind" text NOT NULL,
	"external_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"access_token" text DEFAULT '' NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_gateways" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"name" text NOT NULL,
	"uri" text NOT NULL,
	"flow_id" integer NOT NULL,
	"provider" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updates" jsonb DEFAULT '{"title":"","close":"","join":"","left":""}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sip_gateways" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"name" text NOT NULL,
	"register" boolean DEFAULT false NOT NULL,
	"enable" boolean DEFAULT true NOT NULL,
	"proxy" text DEFAULT '' NOT NULL,
	"usage" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"schema_id" integer,
	"account" text DEFAULT '' NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"password" text DEFAULT '' NOT NULL,
	"expires" integer DEFAULT 600 NOT NULL,
	"registrar" text DEFAULT '' NOT NULL,
	"host" text DEFAULT '' NOT NULL,
	"ipacl" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"r_state" text DEFAULT 'not_registered' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_gateway_accounts" ADD CONSTRAINT "chat_gateway_accounts_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_gateway_accounts" ADD CONSTRAINT "chat_gateway_accounts_gateway_id_chat_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."chat_gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_gateways" ADD CONSTRAINT "chat_gateways_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_gateways" ADD CONSTRAINT "chat_gateways_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sip_gateways" ADD CONSTRAINT "sip_gateways_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sip_gateways" ADD CONSTRAINT "sip_gateways_schema_id_flows_id_fk" FOREIGN KEY ("schema_id") REFERENCES "public"."flows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_gateway_accounts_key" ON "chat_gateway_accounts" USING btree ("gateway_id","kind","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_gateways_uri" ON "chat_gateways" USING btree ("uri");--> statement-breakpoint
CREATE INDEX "chat_gateways_name_search" ON "chat_gateways" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "chat_gateways_domain_name" ON "chat_gateways" USING btree ("domain_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "sip_gateways_domain_name" ON "sip_gateways" USING btree ("domain_id",lower("name"));--> statement-breakpoint
CREATE INDEX "sip_gateways_name_search" ON "sip_gateways" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "sip_gateways_domain_name_idx" ON "sip_gateways" USING btree ("domain_id","name");