-- lb_records_count_sent: its one definition (decision 0212). Applied after the migrations on every start;
-- change it here, never by copying it into a migration. Last changed with migration 0018_daily_limit_counter.
-- What a statement's rows add to (its new rows) or take from (its old rows) each customer's day,
-- applied once per customer and day. Statement triggers over transition tables, not row triggers: a
-- bulk insert of a customer's records moves their account row once, not once per record (with a row
-- trigger, 20,000 records of one customer in one statement took 8 s and 40,000 took 32 s, as each
-- update walked the versions the earlier ones had left).
CREATE OR REPLACE FUNCTION lb_records_count_sent() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_moves jsonb := '[]';
  v record;
BEGIN
  -- Each event reads only the transition tables it has: old rows leave their day, new rows join theirs.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    v_moves := v_moves || coalesce((SELECT jsonb_agg(jsonb_build_array(g.user_id, g.day, -g.cents)) FROM (
      SELECT o.user_id, (o.recorded_at AT TIME ZONE 'UTC')::date AS day, sum(o.amount_cents) AS cents
      FROM old_rows o WHERE lb_counts_toward_limit(o.direction, o.type) GROUP BY 1, 2) g), '[]');
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    v_moves := v_moves || coalesce((SELECT jsonb_agg(jsonb_build_array(g.user_id, g.day, g.cents)) FROM (
      SELECT n.user_id, (n.recorded_at AT TIME ZONE 'UTC')::date AS day, sum(n.amount_cents) AS cents
      FROM new_rows n WHERE lb_counts_toward_limit(n.direction, n.type) GROUP BY 1, 2) g), '[]');
  END IF;
  FOR v IN
    SELECT (m->>0)::uuid AS user_id, (m->>1)::date AS day, sum((m->>2)::bigint)::bigint AS cents
    FROM jsonb_array_elements(v_moves) m
    GROUP BY 1, 2 HAVING sum((m->>2)::bigint) <> 0 ORDER BY 1, 2
  LOOP
    PERFORM lb_count_sent(v.user_id, v.day, v.cents);
  END LOOP;
  RETURN NULL;
END
$$;
