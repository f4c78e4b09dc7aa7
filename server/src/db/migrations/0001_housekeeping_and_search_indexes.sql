CREATE INDEX "mailbox_messages_created_idx" ON "mailbox_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_sent_idx" ON "outbox_messages" USING btree ("sent_at") WHERE "outbox_messages"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "login_throttles_updated_idx" ON "login_throttles" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "transaction_records_recipient_account_idx" ON "transaction_records" USING btree ("recipient_account");--> statement-breakpoint
CREATE INDEX "transaction_records_sender_account_idx" ON "transaction_records" USING btree ("sender_account");