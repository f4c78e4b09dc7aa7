-- Issue 27 (decisions 0188–0190). Manual money moved without a checker, counted over a rolling
-- window per maker and per customer; staff invitations (single-use, expiring, hashed tokens); and
-- who appointed a staff member and when, for the approvers' cooling-off period.
CREATE TABLE "unchecked_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"maker_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unchecked_movements_amount_nonnegative" CHECK ("unchecked_movements"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "unchecked_movements" ADD CONSTRAINT "unchecked_movements_maker_id_profiles_user_id_fk" FOREIGN KEY ("maker_id") REFERENCES "public"."profiles"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unchecked_movements" ADD CONSTRAINT "unchecked_movements_user_id_profiles_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unchecked_movements_maker_idx" ON "unchecked_movements" USING btree ("maker_id","created_at");--> statement-breakpoint
CREATE INDEX "unchecked_movements_user_idx" ON "unchecked_movements" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE TABLE "staff_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_user_id_profiles_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_invited_by_profiles_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."profiles"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invitations_token_hash_idx" ON "staff_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "staff_invitations_user_idx" ON "staff_invitations" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "staff_invited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "appointed_by" uuid;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "appointed_at" timestamp with time zone;
