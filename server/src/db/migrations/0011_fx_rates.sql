-- The bank's posted exchange rates (issue 18, decision 0165): append-only, US dollars per unit scaled by 10^8.
CREATE TABLE "fx_rates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fx_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"currency" varchar(3) NOT NULL,
	"usd_per_unit_scaled" bigint NOT NULL,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"posted_by" uuid,
	CONSTRAINT "fx_rates_currency_code" CHECK ("fx_rates"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "fx_rates_rate_range" CHECK ("fx_rates"."usd_per_unit_scaled" > 0 and "fx_rates"."usd_per_unit_scaled" <= 10000000000000)
);
--> statement-breakpoint
ALTER TABLE "fx_rates" ADD CONSTRAINT "fx_rates_posted_by_profiles_user_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."profiles"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fx_rates_currency_idx" ON "fx_rates" USING btree ("currency","id" DESC NULLS LAST);