-- lb_replay: its one definition (decision 0212). Applied after the migrations on every start;
-- change it here, never by copying it into a migration. Last changed with migration 0014_one_statement_movements.
-- A movement's idempotency key (decision 0146, as `runIdempotent` keeps one): the stored answer of
-- a live key, or null when the key is free. `reused`: the key answered another request.
CREATE OR REPLACE FUNCTION lb_replay(p jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_row idempotency_keys%ROWTYPE;
BEGIN
  SELECT * INTO v_row FROM idempotency_keys
  WHERE scope = p->>'scope' AND key = p->>'key' AND expires_at > (p->>'now')::timestamptz;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF v_row.request_hash <> p->>'requestHash' THEN
    RETURN jsonb_build_object('outcome', 'error', 'code', 'IDEMPOTENCY_KEY_REUSED');
  END IF;
  RETURN jsonb_build_object('outcome', 'replay', 'status', v_row.status_code, 'body', v_row.response);
END
$$;
