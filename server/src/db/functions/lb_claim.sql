-- lb_claim: its one definition (decision 0212). Applied after the migrations on every start;
-- change it here, never by copying it into a migration. Last changed with migration 0014_one_statement_movements.
-- Claims the key with the answer it will keep (an expired key is taken over in place). Null when
-- the claim was made; else what to answer instead: the committed answer of a request with the
-- same key that got there first.
CREATE OR REPLACE FUNCTION lb_claim(p jsonb, p_status int, p_body jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_now timestamptz := (p->>'now')::timestamptz;
  v_answer jsonb;
BEGIN
  INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response, created_at, expires_at)
  VALUES (p->>'scope', p->>'key', p->>'requestHash', p_status, p_body, v_now,
    v_now + make_interval(secs => (p->>'keyTtlSeconds')::int))
  ON CONFLICT (scope, key) DO UPDATE SET
    request_hash = excluded.request_hash, status_code = excluded.status_code, response = excluded.response,
    created_at = excluded.created_at, expires_at = excluded.expires_at
  WHERE idempotency_keys.expires_at < v_now;
  IF FOUND THEN
    RETURN NULL;
  END IF;
  v_answer := lb_replay(p);
  RETURN coalesce(v_answer, jsonb_build_object('outcome', 'error', 'code', 'CONFLICT'));
END
$$;
