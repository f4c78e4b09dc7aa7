-- Maker-checker requests for manual money (issue 19, decisions 0170–0172): a pending request, decided once.
CREATE TABLE "money_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"payload" jsonb NOT NULL,
	"amount_cents" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"record_id" uuid,
	"maker_id" uuid NOT NULL,
	"checker_id" uuid,
	"decision_reason" text,
	"failure_code" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "money_requests_amount_nonnegative" CHECK ("money_requests"."amount_cents" >= 0),
	CONSTRAINT "money_requests_checker_not_maker" CHECK ("money_requests"."checker_id" is null or "money_requests"."checker_id" <> "money_requests"."maker_id"),
	CONSTRAINT "money_requests_decided" CHECK (("money_requests"."state" = 'pending') = ("money_requests"."checker_id" is null and "money_requests"."decided_at" is null))
);
--> statement-breakpoint
ALTER TABLE "money_requests" ADD CONSTRAINT "money_requests_user_id_profiles_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_requests" ADD CONSTRAINT "money_requests_record_id_transaction_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."transaction_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_requests" ADD CONSTRAINT "money_requests_maker_id_profiles_user_id_fk" FOREIGN KEY ("maker_id") REFERENCES "public"."profiles"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_requests" ADD CONSTRAINT "money_requests_checker_id_profiles_user_id_fk" FOREIGN KEY ("checker_id") REFERENCES "public"."profiles"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "money_requests_state_idx" ON "money_requests" USING btree ("state","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "money_requests_maker_idx" ON "money_requests" USING btree ("maker_id","state","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);