-- Issue 27, finding 6 (decision 0194): per-key fixed-window counters kept in the database, so a
-- limit holds across every instance on one PostgreSQL and under a burst of parallel requests. One
-- row per key (`money:<user id>:minute`, `money:<user id>:day`, `alert:<address>`), rewritten in
-- place by one conditional upsert: the row lock of INSERT … ON CONFLICT DO UPDATE is what
-- serialises concurrent takes. A row whose window has passed is simply restarted by the next take.
CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
-- Housekeeping removes rows whose window ended long ago.
CREATE INDEX "rate_limit_counters_window_idx" ON "rate_limit_counters" USING btree ("window_start");
--> statement-breakpoint
-- Money alerts kept but not emailed (past their address's hourly bound) are purged like sent mail.
CREATE INDEX "outbox_messages_suppressed_idx" ON "outbox_messages" USING btree ("sent_at") WHERE "outbox_messages"."status" = 'suppressed';
