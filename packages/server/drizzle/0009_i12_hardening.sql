CREATE TABLE "login_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone
);
--> statement-breakpoint
DROP TABLE "login_failures" CASCADE;