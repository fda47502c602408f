CREATE TABLE "device_locations" (
	"device_id" integer NOT NULL,
	"node" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "device_locations_device_id_node_pk" PRIMARY KEY("device_id","node")
);
--> statement-breakpoint
CREATE TABLE "sip_nodes" (
	"address" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_locations" ADD CONSTRAINT "device_locations_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;