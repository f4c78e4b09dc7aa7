-- lb_move_with_system: its one definition (decision 0212). Applied after the migrations on every start;
-- change it here, never by copying it into a migration. Last changed with migration 0024_alerts_and_shared_references.
CREATE OR REPLACE FUNCTION lb_move_with_system(p jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
-- As migration 0016, with `alertHold` {cents, until}: a hold the caller places right after the
-- posting (a check deposit's), which the alert states (issue 28, decision 0198).
DECLARE
  v_key text := p->>'key';
  v_amount bigint := (p->>'amountCents')::bigint;
  v_credit boolean := p->>'direction' = 'credit';
  v_signed bigint;
  v_answer jsonb;
  v_row record;
  c_found boolean := false;
  c_user uuid; c_account bigint; c_number text; c_name text; c_email text; c_status text;
  c_balance bigint; c_held bigint; c_opened timestamptz;
  v_system bigint;
  v_record jsonb;
  v_posted jsonb;
  v_after bigint;
  v_details jsonb;
  v_body jsonb;
BEGIN
  IF v_key IS NOT NULL THEN
    v_answer := lb_replay(p);
    IF v_answer IS NOT NULL THEN
      RETURN v_answer;
    END IF;
  END IF;
  IF p ? 'refusal' THEN
    RETURN lb_refuse(p, p->'refusal'->>'code', p->'refusal'->>'field');
  END IF;

  -- Both accounts locked in id order, as every movement locks them.
  FOR v_row IN
    SELECT a.id AS account_id, a.kind, a.balance_cents, a.held_cents, a.created_at,
      pr.user_id, pr.account_number, pr.first_name || ' ' || pr.surname AS full_name, pr.status, pr.role, i.email
    FROM accounts a
    LEFT JOIN profiles pr ON pr.user_id = a.user_id
    LEFT JOIN identities i ON i.id = a.user_id
    WHERE a.user_id = (p->>'userId')::uuid OR a.id = (p->>'systemAccountId')::bigint
    ORDER BY a.id
    FOR UPDATE OF a
  LOOP
    IF v_row.account_id = (p->>'systemAccountId')::bigint AND v_row.kind = 'system' THEN
      v_system := v_row.account_id;
    ELSIF v_row.user_id = (p->>'userId')::uuid AND v_row.role = 'user' AND v_row.account_number IS NOT NULL THEN
      -- Only a customer with an account number holds money; an admin's profile reads as nobody.
      c_found := true; c_user := v_row.user_id; c_account := v_row.account_id; c_number := v_row.account_number;
      c_name := v_row.full_name; c_email := v_row.email; c_status := v_row.status;
      c_balance := v_row.balance_cents; c_held := v_row.held_cents; c_opened := v_row.created_at;
    END IF;
  END LOOP;
  IF v_system IS NULL THEN
    RAISE EXCEPTION 'lb_move_with_system: system account % does not exist', p->>'systemAccountId';
  END IF;

  IF NOT c_found THEN
    RETURN lb_refuse(p, p->'notFound'->>'code', p->'notFound'->>'field');
  END IF;
  IF (p->>'requireActive')::boolean AND c_status <> 'active' THEN
    RETURN lb_refuse(p, CASE WHEN c_status = 'suspended' THEN 'ACCOUNT_SUSPENDED' ELSE 'ACCOUNT_CLOSED' END, NULL);
  END IF;
  -- An admin's date (checkRecordDate in modules/ledger/customers.ts, which record edits use).
  IF p->'record'->>'createdAt' IS NOT NULL THEN
    IF (p->'record'->>'createdAt')::timestamptz > (p->'record'->>'latestDate')::timestamptz THEN
      RETURN lb_refuse(p, 'RECORD_DATE_IN_FUTURE', 'createdAt');
    END IF;
    IF (p->'record'->>'createdAt')::timestamptz < c_opened THEN
      RETURN lb_refuse(p, 'RECORD_DATE_BEFORE_ACCOUNT', 'createdAt');
    END IF;
  END IF;
  v_signed := CASE WHEN v_credit THEN v_amount ELSE -v_amount END;
  v_after := c_balance + v_signed;
  -- Held money is not spendable (decision 0070): a debit must leave the held cents in place.
  IF v_after - c_held < 0 THEN
    RETURN lb_refuse(p, p->>'insufficient', NULL);
  END IF;

  -- The customer's side of the record is the customer; the other side, the counterparty given.
  v_record := jsonb_build_object(
    'id', p->'record'->>'id', 'transaction_id', p->'record'->>'transactionId', 'user_id', c_user,
    'direction', p->>'direction', 'type', p->'record'->>'type', 'amount_cents', v_amount,
    'currency', p->'record'->>'currency',
    'recipient_name', CASE WHEN v_credit THEN c_name ELSE p->'record'->>'counterpartyName' END,
    'recipient_account', CASE WHEN v_credit THEN c_number ELSE p->'record'->>'counterpartyAccount' END,
    'bank_name', p->'record'->>'bankName', 'routing_number', NULL,
    'sender_name', CASE WHEN v_credit THEN p->'record'->>'counterpartyName' ELSE c_name END,
    'sender_account', CASE WHEN v_credit THEN p->'record'->>'counterpartyAccount' ELSE c_number END,
    'purpose', p->'record'->>'purpose', 'status', p->'record'->>'status',
    'international_details', NULL, 'payee_check', NULL,
    'created_at', coalesce(p->'record'->>'createdAt', p->>'now'));

  v_posted := lb_post_movement(jsonb_build_object(
    'kind', p->>'kind',
    'description', (p->'description'->>'before') || c_number || (p->'description'->>'after'),
    'actorId', p->>'actorId',
    'at', p->>'now',
    'legs', jsonb_build_array(
      jsonb_build_object('accountId', c_account, 'amountCents', v_signed),
      jsonb_build_object('accountId', v_system, 'amountCents', -v_signed)),
    'records', jsonb_build_array(CASE WHEN (p->>'alerts')::boolean IS FALSE THEN v_record
      ELSE v_record || jsonb_build_object('alert',
        jsonb_strip_nulls(jsonb_build_object('to', c_email, 'name', c_name, 'accountId', c_account::text,
          'heldCents', p->'alertHold'->>'cents', 'heldUntil', p->'alertHold'->>'until'))) END)));
  IF (v_posted->'balances'->>(c_account::text))::bigint IS DISTINCT FROM v_after THEN
    RAISE EXCEPTION 'lb_move_with_system: the posted balance is not the locked balance moved by the amount';
  END IF;

  IF p ? 'audit' THEN
    v_details := coalesce(p->'audit'->'details', '{}'::jsonb) || CASE p->'audit'->>'add'
      WHEN 'balances' THEN jsonb_build_object(
        'transactionId', v_record->>'transaction_id', 'amount', lb_format_cents(v_amount),
        'before', jsonb_build_object('balance', lb_format_cents(c_balance)),
        'after', jsonb_build_object('balance', lb_format_cents(v_after)))
      WHEN 'record' THEN jsonb_build_object(
        'transactionId', v_record->>'transaction_id', 'after', lb_record_dto(v_record, NULL))
      ELSE '{}'::jsonb END;
    INSERT INTO audit_log (created_at, action, outcome, actor_id, actor_role, subject_type, subject_id, ip,
      reason, details)
    VALUES ((p->>'now')::timestamptz, p->'audit'->>'action', 'success', (p->'audit'->>'actorId')::uuid,
      p->'audit'->>'actorRole', p->'audit'->>'subjectType',
      coalesce(p->'audit'->>'subjectId', v_record->>'id'), p->'audit'->>'ip', p->'audit'->>'reason', v_details);
  END IF;

  -- The answer, as movementAnswer builds it (modules/ledger/movements/context.ts).
  v_body := jsonb_build_object(
    'transaction', lb_record_dto(v_record, NULL),
    'balance', lb_format_cents(v_after),
    'availableBalance', lb_format_cents(v_after - c_held));
  IF v_key IS NOT NULL THEN
    v_answer := lb_claim(p, 201, v_body);
    IF v_answer IS NOT NULL THEN
      -- Another request with this key got there first: nothing of this one may stay.
      RAISE EXCEPTION 'lb_move_with_system: idempotency key claimed concurrently' USING ERRCODE = '40001';
    END IF;
  END IF;
  RETURN jsonb_build_object('outcome', 'done', 'status', 201, 'body', v_body,
    'touched', jsonb_build_array(c_user), 'record', v_record,
    'balanceCents', v_after::text, 'heldCents', c_held::text, 'openedAt', c_opened);
END
$$;
