CREATE TABLE "user_devices" (
	"user_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	CONSTRAINT "user_devices_user_id_device_id_pk" PRIMARY KEY("user_id","device_id")
);
--> statement-breakpoint
ALTER TABLE "user_devices" ADD CONSTRAINT "user_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_devices" ADD CONSTRAINT "user_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_devices_device" ON "user_devices" USING btree ("device_id");--> statement-breakpoint
-- The ids of the old array column move to the join table, keeping only devices that still exist.
INSERT INTO "user_devices" ("user_id", "device_id")
  SELECT DISTINCT u."id", x."v" FROM "users" u CROSS JOIN LATERAL unnest(u."device_ids") AS x("v")
  JOIN "devices" d ON d."id" = x."v" AND d."domain_id" = u."domain_id";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "device_ids";