ALTER TABLE "accounts" ADD COLUMN "held_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_held_nonnegative" CHECK ("accounts"."held_cents" >= 0);--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_customer_available_nonnegative" CHECK ("accounts"."kind" <> 'customer' or "accounts"."balance_cents" >= "accounts"."held_cents");--> statement-breakpoint
CREATE TABLE "deposit_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"record_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"released_cents" bigint DEFAULT 0 NOT NULL,
	"check_number" text NOT NULL,
	"front_sha256" text NOT NULL,
	"back_sha256" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"release_schedule" jsonb NOT NULL,
	"next_release_at" timestamp with time zone,
	"available_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"reviewer_id" uuid,
	"review_reason" text,
	"return_entry_id" bigint,
	"return_record_id" uuid,
	"returned_collected_cents" bigint,
	"returned_shortfall_cents" bigint,
	CONSTRAINT "deposit_holds_amount_positive" CHECK ("deposit_holds"."amount_cents" > 0),
	CONSTRAINT "deposit_holds_released_range" CHECK ("deposit_holds"."released_cents" >= 0 and "deposit_holds"."released_cents" <= "deposit_holds"."amount_cents"),
	CONSTRAINT "deposit_holds_status" CHECK ("deposit_holds"."status" in ('active', 'released', 'returned')),
	CONSTRAINT "deposit_holds_next_release" CHECK (("deposit_holds"."status" = 'active') = ("deposit_holds"."next_release_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "deposit_holds" ADD CONSTRAINT "deposit_holds_record_id_transaction_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."transaction_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_holds" ADD CONSTRAINT "deposit_holds_user_id_profiles_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_holds" ADD CONSTRAINT "deposit_holds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_holds" ADD CONSTRAINT "deposit_holds_return_entry_id_journal_entries_id_fk" FOREIGN KEY ("return_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_holds" ADD CONSTRAINT "deposit_holds_return_record_id_transaction_records_id_fk" FOREIGN KEY ("return_record_id") REFERENCES "public"."transaction_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_holds_record_key" ON "deposit_holds" USING btree ("record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_holds_account_check_key" ON "deposit_holds" USING btree ("account_id","check_number");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_holds_account_front_key" ON "deposit_holds" USING btree ("account_id","front_sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_holds_account_back_key" ON "deposit_holds" USING btree ("account_id","back_sha256");--> statement-breakpoint
CREATE INDEX "deposit_holds_user_created_idx" ON "deposit_holds" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "deposit_holds_status_created_idx" ON "deposit_holds" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deposit_holds_due_idx" ON "deposit_holds" USING btree ("next_release_at") WHERE "deposit_holds"."status" = 'active';
