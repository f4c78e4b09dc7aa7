-- lb_sent_today: its one definition (decision 0212). Applied after the migrations on every start;
-- change it here, never by copying it into a migration. Last changed with migration 0018_daily_limit_counter.
-- What a customer sent today by transfer, for the daily limit: the counter of the account the
-- transfer has locked. `p_types` is the contract's list, equal to lb_limit_types() (pinned by a test).
CREATE OR REPLACE FUNCTION lb_sent_today(p_user uuid, p_since timestamptz, p_types jsonb) RETURNS bigint
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce((SELECT CASE WHEN a.sent_on = (p_since AT TIME ZONE 'UTC')::date THEN a.sent_cents ELSE 0 END
    FROM accounts a WHERE a.user_id = p_user), 0);
END
$$;
