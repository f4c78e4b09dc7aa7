-- Issue 27 (Low), decision 0192: a check is identified by its MICR line (routing number, payer
-- account number, check number), bank-wide. Deposits made before the line was asked keep nulls;
-- their per-account check-number rule stays, on them alone.
ALTER TABLE "deposit_holds" ADD COLUMN "routing_number" text;--> statement-breakpoint
ALTER TABLE "deposit_holds" ADD COLUMN "payer_account_number" text;--> statement-breakpoint
ALTER TABLE "deposit_holds" ADD CONSTRAINT "deposit_holds_micr_whole" CHECK (("deposit_holds"."routing_number" is null) = ("deposit_holds"."payer_account_number" is null));--> statement-breakpoint
DROP INDEX "deposit_holds_account_check_key";--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_holds_account_check_key" ON "deposit_holds" USING btree ("account_id","check_number") WHERE "deposit_holds"."routing_number" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_holds_micr_key" ON "deposit_holds" USING btree ("routing_number","payer_account_number","check_number") WHERE "deposit_holds"."routing_number" is not null;
