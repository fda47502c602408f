CREATE INDEX "cc_queue_members_created" ON "cc_queue_members" USING btree ("queue_id","created_at","id");--> statement-breakpoint
CREATE INDEX "cc_queue_members_cause" ON "cc_queue_members" USING btree ("queue_id","stop_cause","created_at","id") WHERE "cc_queue_members"."stop_cause" is not null;--> statement-breakpoint
CREATE INDEX "cc_queue_members_bucket" ON "cc_queue_members" USING btree ("queue_id","bucket_id","created_at","id") WHERE "cc_queue_members"."bucket_id" is not null;--> statement-breakpoint
CREATE INDEX "cc_queue_members_agent" ON "cc_queue_members" USING btree ("queue_id","agent_id","created_at","id") WHERE "cc_queue_members"."agent_id" is not null;--> statement-breakpoint
CREATE INDEX "cc_queue_members_priority" ON "cc_queue_members" USING btree ("queue_id","priority","created_at","id");--> statement-breakpoint
CREATE INDEX "cc_queue_members_name_search" ON "cc_queue_members" USING btree (lower("name") text_pattern_ops);