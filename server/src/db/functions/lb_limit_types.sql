-- lb_limit_types: its one definition (decision 0212). Applied after the migrations on every start;
-- change it here, never by copying it into a migration. Last changed with migration 0018_daily_limit_counter.
-- The record types a daily limit counts: the contract's `transferTypes` (a test keeps them equal).
CREATE OR REPLACE FUNCTION lb_limit_types() RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['Local Transfer', 'Wire Transfer', 'International Transfer']
$$;
