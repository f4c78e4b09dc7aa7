-- The payee book and the Confirmation of Payee result on a transfer's record (issue 18, decisions 0155–0157).
CREATE TABLE "payees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"recipient_account" text NOT NULL,
	"recipient_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"routing_number" text,
	"international_details" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payees_type_known" CHECK ("payees"."type" in ('Local Transfer', 'Wire Transfer', 'International Transfer'))
);
--> statement-breakpoint
ALTER TABLE "transaction_records" ADD COLUMN "payee_check" text;--> statement-breakpoint
ALTER TABLE "payees" ADD CONSTRAINT "payees_user_id_profiles_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payees_user_name_idx" ON "payees" USING btree ("user_id",lower("recipient_name"),"id");--> statement-breakpoint
CREATE INDEX "payees_user_account_idx" ON "payees" USING btree ("user_id","recipient_account");--> statement-breakpoint
ALTER TABLE "transaction_records" ADD CONSTRAINT "transaction_records_payee_check_known" CHECK ("transaction_records"."payee_check" is null or "transaction_records"."payee_check" in ('match', 'close_match', 'no_match', 'unavailable'));
