-- lb_refuse: its one definition (decision 0212). Applied after the migrations on every start;
-- change it here, never by copying it into a migration. Last changed with migration 0014_one_statement_movements.
-- A refusal that the key remembers: its envelope from the catalogue entry the caller passed.
CREATE OR REPLACE FUNCTION lb_refuse(p jsonb, p_code text, p_field text) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_entry jsonb := p->'errors'->p_code;
  v_body jsonb;
  v_other jsonb;
BEGIN
  IF v_entry IS NULL THEN
    RAISE EXCEPTION 'lb_refuse: no catalogue entry for %', p_code;
  END IF;
  IF p->>'key' IS NOT NULL THEN
    v_body := jsonb_build_object('error', jsonb_strip_nulls(jsonb_build_object(
      'code', p_code, 'message', v_entry->>'message', 'field', p_field)));
    v_other := lb_claim(p, (v_entry->>'status')::int, v_body);
    IF v_other IS NOT NULL THEN
      RETURN v_other;
    END IF;
  END IF;
  RETURN jsonb_strip_nulls(jsonb_build_object('outcome', 'refused', 'code', p_code, 'field', p_field));
END
$$;
