-- The daily transfer limit sums what a sender recorded today (banking-service.ts, sentTodaySql). Until
-- now only (user_id, created_at) served it, so every transfer read the sender's whole history, its
-- cost growing with every record (issue 15). Keyed on recorded_at, which is set once on insert and
-- never edited, the check reads today's rows of that sender and nothing older (decision 0125).
CREATE INDEX "transaction_records_user_recorded_idx" ON "transaction_records" USING btree ("user_id","recorded_at");
