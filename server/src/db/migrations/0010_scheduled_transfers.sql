-- Scheduled and recurring transfers (issue 18, decisions 0158–0159): the series and one row per payment made or refused.
CREATE TABLE "scheduled_transfer_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scheduled_transfer_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"series_id" uuid NOT NULL,
	"occurrence" integer NOT NULL,
	"due_on" date NOT NULL,
	"status" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"transaction_id" text,
	"error_code" text,
	"error_message" text,
	"ran_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"recipient_account" text NOT NULL,
	"recipient_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"routing_number" text,
	"international_details" jsonb,
	"amount_cents" bigint NOT NULL,
	"purpose" text NOT NULL,
	"payee_risk_accepted" boolean DEFAULT false NOT NULL,
	"frequency" text NOT NULL,
	"start_on" date NOT NULL,
	"end_on" date,
	"occurrence_count" integer,
	"next_occurrence" integer DEFAULT 1 NOT NULL,
	"next_run_on" date,
	"status" text DEFAULT 'active' NOT NULL,
	"claim_token" uuid,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "scheduled_transfers_amount_positive" CHECK ("scheduled_transfers"."amount_cents" > 0),
	CONSTRAINT "scheduled_transfers_count_range" CHECK ("scheduled_transfers"."occurrence_count" is null or "scheduled_transfers"."occurrence_count" between 1 and 120),
	CONSTRAINT "scheduled_transfers_next_positive" CHECK ("scheduled_transfers"."next_occurrence" >= 1),
	CONSTRAINT "scheduled_transfers_next_run_when_active" CHECK (("scheduled_transfers"."status" = 'active') = ("scheduled_transfers"."next_run_on" is not null))
);
--> statement-breakpoint
ALTER TABLE "scheduled_transfer_runs" ADD CONSTRAINT "scheduled_transfer_runs_series_id_scheduled_transfers_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."scheduled_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_transfers" ADD CONSTRAINT "scheduled_transfers_user_id_profiles_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_transfer_runs_occurrence_idx" ON "scheduled_transfer_runs" USING btree ("series_id","occurrence");--> statement-breakpoint
CREATE INDEX "scheduled_transfers_due_idx" ON "scheduled_transfers" USING btree ("next_run_on") WHERE "scheduled_transfers"."status" = 'active';--> statement-breakpoint
CREATE INDEX "scheduled_transfers_user_idx" ON "scheduled_transfers" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);