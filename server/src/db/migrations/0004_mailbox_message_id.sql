ALTER TABLE "mailbox_messages" ADD COLUMN "message_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "mailbox_messages_message_id_idx" ON "mailbox_messages" USING btree ("message_id");
