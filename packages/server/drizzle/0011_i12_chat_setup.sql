CREATE TABLE "chat_setup_states" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"gateway_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "chat_gateways_uri";--> statement-breakpoint
ALTER TABLE "chat_setup_states" ADD CONSTRAINT "chat_setup_states_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_setup_states" ADD CONSTRAINT "chat_setup_states_gateway_id_chat_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."chat_gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_setup_states" ADD CONSTRAINT "chat_setup_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_gateways_domain_uri" ON "chat_gateways" USING btree ("domain_id","uri");