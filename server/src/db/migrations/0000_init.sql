CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_role" text,
	"action" text NOT NULL,
	"subject_type" text,
	"subject_id" text,
	"ip" text,
	"outcome" text NOT NULL,
	"reason" text,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"number_encrypted" text NOT NULL,
	"last4" text NOT NULL,
	"holder_name" text NOT NULL,
	"expiry_month" integer NOT NULL,
	"expiry_year" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailbox_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mailbox_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"from_address" text NOT NULL,
	"to_email" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "one_time_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"purpose" text NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"to_email" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"template" text NOT NULL,
	"params" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"first_name" text NOT NULL,
	"surname" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"zip_code" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"marital_status" text DEFAULT '' NOT NULL,
	"occupation" text DEFAULT '' NOT NULL,
	"ssn_encrypted" text,
	"ssn_last4" text,
	"dob" text DEFAULT '' NOT NULL,
	"account_number" text,
	"account_limit_cents" bigint NOT NULL,
	"avatar_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_account_number_format" CHECK ("profiles"."account_number" is null or "profiles"."account_number" ~ '^409[0-9]{8}$'),
	CONSTRAINT "profiles_account_limit_nonnegative" CHECK ("profiles"."account_limit_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"idle_expires_at" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"code" text,
	"user_id" uuid,
	"currency" text DEFAULT 'USD' NOT NULL,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_customer_nonnegative" CHECK ("accounts"."kind" <> 'customer' or "accounts"."balance_cents" >= 0),
	CONSTRAINT "accounts_owner" CHECK (("accounts"."kind" = 'customer' and "accounts"."user_id" is not null and "accounts"."code" is null) or ("accounts"."kind" = 'system' and "accounts"."user_id" is null and "accounts"."code" is not null))
);
--> statement-breakpoint
CREATE TABLE "check_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"record_id" uuid NOT NULL,
	"side" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "journal_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "postings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "postings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entry_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "postings_amount_nonzero" CHECK ("postings"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "transaction_record_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transaction_record_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"record_id" uuid NOT NULL,
	"actor_id" uuid,
	"reason" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"entry_id" bigint,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"entry_id" bigint NOT NULL,
	"direction" text NOT NULL,
	"type" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_account" text NOT NULL,
	"bank_name" text NOT NULL,
	"routing_number" text,
	"sender_name" text NOT NULL,
	"sender_account" text NOT NULL,
	"purpose" text NOT NULL,
	"status" text DEFAULT 'Successful' NOT NULL,
	"international_details" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "transaction_records_amount_nonnegative" CHECK ("transaction_records"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loan_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"source" text NOT NULL,
	"loan_type" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"term_months" integer,
	"purpose" text,
	"annual_income_cents" bigint,
	"employment_status" text,
	"contact_name" text,
	"contact_email" text,
	"contact_phone" text,
	"status" text DEFAULT 'Pending' NOT NULL,
	"disbursement_record_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_applications_amount_positive" CHECK ("loan_applications"."amount_cents" > 0),
	CONSTRAINT "loan_applications_status_known" CHECK ("loan_applications"."status" in ('Pending', 'Under Review', 'Approved', 'Rejected', 'Cancelled')),
	CONSTRAINT "loan_applications_source_user" CHECK (("loan_applications"."source" = 'application') = ("loan_applications"."user_id" is not null)),
	CONSTRAINT "loan_applications_approved_paid" CHECK (("loan_applications"."status" = 'Approved') = ("loan_applications"."disbursement_record_id" is not null)),
	CONSTRAINT "loan_applications_term_range" CHECK ("loan_applications"."term_months" is null or "loan_applications"."term_months" between 1 and 480),
	CONSTRAINT "loan_applications_income_nonnegative" CHECK ("loan_applications"."annual_income_cents" is null or "loan_applications"."annual_income_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loan_status_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"loan_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" uuid,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_user_id_profiles_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_identities_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_identities_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_profiles_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_images" ADD CONSTRAINT "check_images_record_id_transaction_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."transaction_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_record_history" ADD CONSTRAINT "transaction_record_history_record_id_transaction_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."transaction_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_record_history" ADD CONSTRAINT "transaction_record_history_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_records" ADD CONSTRAINT "transaction_records_user_id_profiles_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_records" ADD CONSTRAINT "transaction_records_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_applications" ADD CONSTRAINT "loan_applications_user_id_profiles_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_applications" ADD CONSTRAINT "loan_applications_disbursement_record_id_transaction_records_id_fk" FOREIGN KEY ("disbursement_record_id") REFERENCES "public"."transaction_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_status_history" ADD CONSTRAINT "loan_status_history_loan_id_loan_applications_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loan_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_admin_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "audit_log"."action" like 'admin.%';--> statement-breakpoint
CREATE UNIQUE INDEX "cards_user_key" ON "cards" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mailbox_messages_to_idx" ON "mailbox_messages" USING btree (lower("to_email"),"id");--> statement-breakpoint
CREATE INDEX "one_time_codes_lookup_idx" ON "one_time_codes" USING btree ("purpose","email","id");--> statement-breakpoint
CREATE INDEX "outbox_messages_due_idx" ON "outbox_messages" USING btree ("next_attempt_at","id") WHERE "outbox_messages"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "identities_email_key" ON "identities" USING btree ("email");--> statement-breakpoint
CREATE INDEX "identities_email_prefix_idx" ON "identities" USING btree ("email" collate "C");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_account_number_key" ON "profiles" USING btree ("account_number");--> statement-breakpoint
CREATE INDEX "profiles_role_created_idx" ON "profiles" USING btree ("role","created_at","user_id");--> statement-breakpoint
CREATE INDEX "profiles_customer_status_created_idx" ON "profiles" USING btree ("status","created_at","user_id") WHERE "profiles"."role" = 'user';--> statement-breakpoint
CREATE INDEX "profiles_name_idx" ON "profiles" USING btree (lower("surname") collate "C",lower("first_name") collate "C","user_id");--> statement-breakpoint
CREATE INDEX "profiles_first_name_idx" ON "profiles" USING btree (lower("first_name") collate "C");--> statement-breakpoint
CREATE INDEX "profiles_account_number_prefix_idx" ON "profiles" USING btree ("account_number" collate "C");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_idle_expiry_idx" ON "sessions" USING btree ("idle_expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_user_key" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_code_key" ON "accounts" USING btree ("code");--> statement-breakpoint
CREATE INDEX "accounts_customer_balance_idx" ON "accounts" USING btree ("balance_cents","user_id") WHERE "accounts"."kind" = 'customer';--> statement-breakpoint
CREATE UNIQUE INDEX "check_images_record_side_key" ON "check_images" USING btree ("record_id","side");--> statement-breakpoint
CREATE INDEX "idempotency_keys_expiry_idx" ON "idempotency_keys" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "journal_entries_created_idx" ON "journal_entries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "postings_entry_idx" ON "postings" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "postings_account_idx" ON "postings" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "transaction_record_history_record_idx" ON "transaction_record_history" USING btree ("record_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_records_transaction_id_key" ON "transaction_records" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "transaction_records_user_created_idx" ON "transaction_records" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transaction_records_created_idx" ON "transaction_records" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transaction_records_entry_idx" ON "transaction_records" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "loan_applications_created_idx" ON "loan_applications" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "loan_applications_user_idx" ON "loan_applications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "loan_applications_status_idx" ON "loan_applications" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "loan_status_history_loan_idx" ON "loan_status_history" USING btree ("loan_id","id");