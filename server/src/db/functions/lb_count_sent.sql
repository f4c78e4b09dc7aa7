-- lb_count_sent: its one definition (decision 0212). Applied after the migrations on every start;
-- change it here, never by copying it into a migration. Last changed with migration 0018_daily_limit_counter.
-- Adds cents sent on a day to the customer's counter: a later day starts it again; a day before the
-- counter's (a record dated in the past, written by hand) no longer counts toward any limit.
CREATE OR REPLACE FUNCTION lb_count_sent(p_user uuid, p_day date, p_cents bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE accounts SET
    sent_cents = CASE WHEN sent_on = p_day THEN sent_cents + p_cents ELSE p_cents END,
    sent_on = p_day
  WHERE user_id = p_user AND (sent_on IS NULL OR sent_on <= p_day);
END
$$;
