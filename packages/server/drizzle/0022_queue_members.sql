CREATE INDEX "cc_queue_members_cause" ON "cc_queue_members" USING btree ("queue_id","stop_cause","id");--> statement-breakpoint
CREATE INDEX "cc_queue_members_bucket" ON "cc_queue_members" USING btree ("queue_id","bucket_id","id");--> statement-breakpoint
CREATE INDEX "cc_queue_members_agent" ON "cc_queue_members" USING btree ("queue_id","agent_id","id");--> statement-breakpoint
CREATE INDEX "cc_queue_members_priority" ON "cc_queue_members" USING btree ("queue_id","priority","id");--> statement-breakpoint
CREATE INDEX "cc_queue_members_created" ON "cc_queue_members" USING btree ("queue_id","created_at","id");--> statement-breakpoint
CREATE INDEX "cc_queue_members_name_search" ON "cc_queue_members" USING btree ("queue_id",lower("name") text_pattern_ops);