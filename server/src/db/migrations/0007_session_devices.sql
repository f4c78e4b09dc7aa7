-- The security page (issue 17, decisions 0140–0141): each session gets a public id the customer can
-- sign it out by (never its secret id or the hash of it), and the coarse place of the address it
-- signed in from, looked up once at sign-in in the bundled offline table: an ISO 3166 country
-- code, 'local' for a private or loopback address, or null when nothing is known.
ALTER TABLE "sessions" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "place" text;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_public_id_key" ON "sessions" USING btree ("public_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_place_format" CHECK ("sessions"."place" is null or "sessions"."place" ~ '^([A-Z]{2}|local)$');
