-- Issue 27, decision 0182: a staff-help change of a customer's email address needs a second member
-- of staff, and a changed address cools off. One row per request: pending (the maker confirmed the
-- code from the new mailbox), then applied (a checker, never the maker), rejected, stopped (from
-- a link mailed to the old address: one with the pending notice, one with the applied change's
-- alert; only their SHA-256 is kept) or lapsed (never decided in time).
CREATE TABLE "email_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"old_email" text NOT NULL,
	"new_email" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"maker_id" uuid NOT NULL,
	"checker_id" uuid,
	"reason" text NOT NULL,
	"decision_reason" text,
	"stop_token_hash" text NOT NULL,
	"revert_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"cooling_until" timestamp with time zone,
	CONSTRAINT "email_changes_state" CHECK ("email_changes"."state" in ('pending', 'applied', 'rejected', 'stopped', 'lapsed')),
	CONSTRAINT "email_changes_checker_not_maker" CHECK ("email_changes"."checker_id" is null or "email_changes"."checker_id" <> "email_changes"."maker_id"),
	CONSTRAINT "email_changes_applied" CHECK (("email_changes"."state" = 'applied') = ("email_changes"."cooling_until" is not null) or "email_changes"."state" = 'stopped')
);
--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_profiles_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_maker_id_profiles_user_id_fk" FOREIGN KEY ("maker_id") REFERENCES "public"."profiles"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_checker_id_profiles_user_id_fk" FOREIGN KEY ("checker_id") REFERENCES "public"."profiles"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- At most one pending change per customer: two makers at once cannot both queue one.
CREATE UNIQUE INDEX "email_changes_one_pending" ON "email_changes" USING btree ("user_id") WHERE "email_changes"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "email_changes_stop_token_key" ON "email_changes" USING btree ("stop_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "email_changes_revert_token_key" ON "email_changes" USING btree ("revert_token_hash");--> statement-breakpoint
CREATE INDEX "email_changes_user_idx" ON "email_changes" USING btree ("user_id","created_at" DESC NULLS LAST);
