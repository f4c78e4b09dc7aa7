-- lb_step_up_reasons: its one definition (decision 0212). Applied after the migrations on every start;
-- change it here, never by copying it into a migration. Last changed with migration 0025_step_up_reasons.
-- Issue 28 item 9 (decision 0201): step-up says the rule that fired. "new_payee" meant both "never
-- paid" and "saved or changed in the payee book in the last PAYEE_NEW_WINDOW_HOURS", and the screen
-- told a customer who had paid someone for years "you have not paid this recipient before". Now:
-- "new_payee": never paid; else "payee_added": saved to the book since `savedSince`; else
-- "payee_changed": saved earlier, changed since `savedSince`. Which payments need a step-up is
-- unchanged (the transfer still only asks whether the list is empty).
CREATE OR REPLACE FUNCTION lb_step_up_reasons(p_user uuid, p_payee jsonb, p_amount bigint, p_types jsonb)
RETURNS text[]
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_reasons text[] := '{}';
  v_recent_created_at timestamptz;
BEGIN
  IF NOT EXISTS (
      SELECT 1 FROM transaction_records tr
      WHERE tr.user_id = p_user AND tr.recipient_account = p_payee->>'payeeAccount'
        AND tr.direction = 'debit' AND tr.type IN (SELECT jsonb_array_elements_text(p_types))
        AND (p_payee->>'payeeSwift' IS NULL
          OR tr.international_details->>'swiftBic' = p_payee->>'payeeSwift'))
  THEN
    v_reasons := v_reasons || 'new_payee'::text;
  ELSE
    -- The newest save or change of this payee within the window, if any.
    SELECT max(py.created_at) INTO v_recent_created_at FROM payees py
      WHERE py.user_id = p_user AND py.recipient_account = p_payee->>'payeeAccount'
        AND py.updated_at > (p_payee->>'savedSince')::timestamptz
        AND (p_payee->>'payeeSwift' IS NULL
          OR py.international_details->>'swiftBic' = p_payee->>'payeeSwift');
    IF v_recent_created_at IS NOT NULL THEN
      v_reasons := v_reasons || (CASE WHEN v_recent_created_at > (p_payee->>'savedSince')::timestamptz
        THEN 'payee_added' ELSE 'payee_changed' END)::text;
    END IF;
  END IF;
  IF p_amount > (p_payee->>'thresholdCents')::bigint THEN
    v_reasons := v_reasons || 'large_amount'::text;
  END IF;
  RETURN v_reasons;
END
$$;
