-- Issue 27 finding 5, decision 0191: every check-deposit attempt is counted before its photos are
-- decoded, refused ones too. A row per attempt in the last hour (older rows of the customer are
-- deleted as a new one is counted, so a customer has at most CHECK_DEPOSITS_PER_HOUR_MAX rows).
CREATE TABLE "check_deposit_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"user_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "check_deposit_attempts" ADD CONSTRAINT "check_deposit_attempts_user_id_profiles_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_deposit_attempts_user_at_idx" ON "check_deposit_attempts" USING btree ("user_id","at");
