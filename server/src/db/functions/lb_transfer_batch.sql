-- lb_transfer_batch: its one definition (decision 0212). Applied after the migrations on every start;
-- change it here, never by copying it into a migration. Last changed with migration 0017_movements_by_key.
CREATE OR REPLACE FUNCTION lb_transfer_batch(p jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_item jsonb;
  v_answers jsonb := '[]';
BEGIN
  -- As arrays, so that each look-up is an index scan whatever the planner guesses of the items.
  PERFORM a.id FROM accounts a
  WHERE a.user_id = ANY (
    ARRAY(SELECT (i->>'senderId')::uuid FROM jsonb_array_elements(p->'items') i)
    || ARRAY(SELECT pr.user_id FROM profiles pr WHERE pr.account_number = ANY (
      ARRAY(SELECT i->>'recipientAccount' FROM jsonb_array_elements(p->'items') i))))
  ORDER BY a.id
  FOR UPDATE;
  PERFORM a.id FROM accounts a
  WHERE a.kind = 'system' AND a.id = ANY (ARRAY(
    SELECT (i->>'settlementAccountId')::bigint FROM jsonb_array_elements(p->'items') i
    WHERE i->>'type' = 'International Transfer'))
  FOR UPDATE;

  FOR v_item IN SELECT i FROM jsonb_array_elements(p->'items') i LOOP
    v_answers := v_answers || jsonb_build_array(lb_transfer(v_item));
  END LOOP;
  RETURN v_answers;
END
$$;
