-- lb_counts_toward_limit: its one definition (decision 0212). Applied after the migrations on every start;
-- change it here, never by copying it into a migration. Last changed with migration 0018_daily_limit_counter.
CREATE OR REPLACE FUNCTION lb_counts_toward_limit(p_direction text, p_type text) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT p_direction = 'debit' AND p_type = ANY (lb_limit_types())
$$;
