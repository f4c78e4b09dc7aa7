-- lb_transfer: its one definition (decision 0212). Applied after the migrations on every start;
-- change it here, never by copying it into a migration. Last changed with migration 0026_wires_to_other_banks.
CREATE OR REPLACE FUNCTION lb_transfer(p jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
-- As migration 0024, with wires to other US banks (issue 28 item 3, decision 0206): a wire whose
-- routing number is not ours (`externalWire`, decided by the caller from the ABA number) never
-- looks the account number up among our customers; it goes out through the settlement account
-- the caller names (external settlement), as an international transfer to an account we do not hold.
DECLARE
  v_now timestamptz := (p->>'now')::timestamptz;
  v_key text := p->>'key';
  v_amount bigint := (p->>'amountCents')::bigint;
  v_recipient_account text := p->>'recipientAccount';
  v_international boolean := p->>'type' = 'International Transfer';
  v_external_wire boolean := coalesce((p->>'externalWire')::boolean, false);
  v_answer jsonb;
  v_row record;
  s_found boolean := false;
  s_user uuid; s_account bigint; s_number text; s_name text; s_email text; s_status text;
  s_limit bigint; s_balance bigint; s_held bigint;
  r_found boolean := false;
  r_user uuid; r_account bigint; r_name text; r_email text; r_status text; r_balance bigint;
  v_usable boolean;
  v_payee_check text;
  v_step_up_id uuid;
  v_sent_today bigint;
  v_credit_account bigint;
  v_series_status text;
  v_debit jsonb;
  v_records jsonb;
  v_body jsonb;
BEGIN
  IF v_key IS NOT NULL THEN
    v_answer := lb_replay(p);
    IF v_answer IS NOT NULL THEN
      RETURN v_answer;
    END IF;
  END IF;
  -- Refusals the caller decided before any row was read (the amount, the posted rate).
  IF p ? 'refusal' THEN
    RETURN lb_refuse(p, p->'refusal'->>'code', p->'refusal'->>'field');
  END IF;

  FOR v_row IN
    SELECT pr.user_id, a.id AS account_id, pr.account_number, pr.first_name || ' ' || pr.surname AS full_name,
      i.email, pr.status, pr.role, pr.account_limit_cents, a.balance_cents, a.held_cents
    FROM profiles pr
    JOIN accounts a ON a.user_id = pr.user_id
    JOIN identities i ON i.id = pr.user_id
    WHERE pr.user_id = (p->>'senderId')::uuid
      OR (pr.account_number = v_recipient_account AND NOT v_external_wire)
    ORDER BY a.id
    FOR UPDATE OF a
  LOOP
    -- Only a customer with an account number moves money; an admin's profile reads as nobody.
    CONTINUE WHEN v_row.role <> 'user' OR v_row.account_number IS NULL;
    IF v_row.user_id = (p->>'senderId')::uuid THEN
      s_found := true; s_user := v_row.user_id; s_account := v_row.account_id; s_number := v_row.account_number;
      s_name := v_row.full_name; s_email := v_row.email; s_status := v_row.status;
      s_limit := v_row.account_limit_cents; s_balance := v_row.balance_cents; s_held := v_row.held_cents;
    END IF;
    IF v_row.account_number = v_recipient_account AND NOT v_external_wire THEN
      r_found := true; r_user := v_row.user_id; r_account := v_row.account_id; r_name := v_row.full_name;
      r_email := v_row.email; r_status := v_row.status; r_balance := v_row.balance_cents;
    END IF;
  END LOOP;

  IF NOT s_found THEN
    RETURN lb_refuse(p, 'USER_NOT_FOUND', NULL);
  END IF;
  IF s_status <> 'active' THEN
    RETURN lb_refuse(p, CASE WHEN s_status = 'suspended' THEN 'ACCOUNT_SUSPENDED' ELSE 'ACCOUNT_CLOSED' END, NULL);
  END IF;
  v_usable := r_found AND r_status <> 'closed';
  IF NOT v_usable AND NOT v_international AND NOT v_external_wire THEN
    RETURN lb_refuse(p, 'RECIPIENT_NOT_FOUND', 'recipientAccount');
  END IF;
  -- Another bank's account may carry the same digits as the sender's: not oneself.
  IF v_recipient_account = s_number AND NOT v_external_wire THEN
    RETURN lb_refuse(p, 'SELF_TRANSFER', 'recipientAccount');
  END IF;
  -- What may be spent is the available balance: held check deposits stay (decision 0070).
  IF s_balance - s_held < v_amount THEN
    RETURN lb_refuse(p, 'INSUFFICIENT_FUNDS', 'amount');
  END IF;

  -- Confirmation of Payee against the holder as locked (decision 0155). The name as typed is the
  -- holder's: a match. Anything else the caller compares (modules/ledger/name-match.ts) and calls
  -- again with its result for this very name; a name changed in between asks again.
  IF NOT v_usable THEN
    v_payee_check := 'unavailable';
  ELSIF p->>'recipientName' = r_name THEN
    v_payee_check := 'match';
  ELSIF p->'payeeCheck'->>'holderName' IS NOT DISTINCT FROM r_name THEN
    v_payee_check := p->'payeeCheck'->>'result';
  ELSE
    RETURN jsonb_build_object('outcome', 'nameCheck', 'holderName', r_name);
  END IF;

  -- The daily limit (UTC day), read under the sender's lock.
  v_sent_today := lb_sent_today(s_user, (p->>'limitDayStart')::timestamptz, p->'limitTypes');

  -- Step-up (decision 0137), after the spec's checks: a new payee or a large amount needs the proof
  -- made for exactly this transfer from this session. Checked before the limit is applied, spent
  -- only when the money moves.
  IF p ? 'stepUp' AND cardinality(lb_step_up_reasons(s_user, p->'stepUp', v_amount, p->'limitTypes')) > 0
  THEN
      SELECT su.id INTO v_step_up_id FROM step_ups su
      WHERE su.token_hash = p->'stepUp'->>'tokenHash' AND su.user_id = s_user
        AND su.session_hash = p->'stepUp'->>'sessionHash' AND su.fingerprint = p->'stepUp'->>'fingerprint'
        AND su.consumed_at IS NULL AND su.proof_expires_at > v_now
      FOR UPDATE;
      IF v_step_up_id IS NULL THEN
        RETURN jsonb_build_object('outcome', 'error', 'code', 'STEP_UP_REQUIRED');
      END IF;
  END IF;

  -- A scheduled payment (decision 0158): a series cancelled since its claim never pays again.
  IF p ? 'scheduled' THEN
    SELECT st.status INTO v_series_status FROM scheduled_transfers st
    WHERE st.id = (p->'scheduled'->>'seriesId')::uuid FOR UPDATE;
    IF v_series_status IS DISTINCT FROM 'active' THEN
      RETURN lb_refuse(p, 'SCHEDULED_TRANSFER_ENDED', NULL);
    END IF;
  END IF;

  -- Money to an account outside the bank goes to the settlement account, locked after the
  -- sender's; nothing else locks it, so this order cannot deadlock.
  IF v_usable THEN
    v_credit_account := r_account;
  ELSE
    SELECT a.id INTO v_credit_account FROM accounts a
    WHERE a.id = (p->>'settlementAccountId')::bigint AND a.kind = 'system' FOR UPDATE;
    IF v_credit_account IS NULL THEN
      RETURN lb_refuse(p, 'RECIPIENT_GONE', 'recipientAccount');
    END IF;
  END IF;

  IF v_sent_today + v_amount > s_limit THEN
    RETURN lb_refuse(p, 'TRANSFER_LIMIT_EXCEEDED', 'amount');
  END IF;

  -- Every rule has passed: the writes.
  v_debit := jsonb_build_object(
    'id', p->'ids'->>'debitId', 'transaction_id', p->'ids'->>'debitTransactionId', 'user_id', s_user,
    'direction', 'debit', 'type', p->>'type', 'amount_cents', v_amount, 'currency', p->>'currency',
    'recipient_name', p->>'recipientName', 'recipient_account', v_recipient_account,
    'bank_name', p->>'bankName', 'routing_number', p->>'routingNumber',
    'sender_name', s_name, 'sender_account', s_number, 'purpose', p->>'purpose',
    'status', p->>'recordStatus', 'international_details', p->'internationalDetails',
    'payee_check', v_payee_check, 'created_at', p->>'now',
    'alert', jsonb_build_object('to', s_email, 'name', s_name, 'accountId', s_account::text));
  v_records := jsonb_build_array(v_debit);
  IF v_usable THEN
    v_records := v_records || jsonb_build_array(v_debit || jsonb_build_object(
      'id', p->'ids'->>'creditId', 'transaction_id', p->'ids'->>'creditTransactionId', 'user_id', r_user,
      'direction', 'credit', 'type', 'Deposit', 'recipient_name', r_name, 'payee_check', NULL,
      -- One reference for both sides (issue 28, decision 0197): the sender's TRF… id.
      'reference', p->'ids'->>'debitTransactionId',
      'alert', jsonb_build_object('to', r_email, 'name', r_name, 'accountId', r_account::text,
        'type', 'Transfer from ' || s_name)));
  END IF;
  -- The demo history is imported, not happening now: no alerts (`alerts` false).
  IF (p->>'alerts')::boolean IS FALSE THEN
    SELECT jsonb_agg(r - 'alert' ORDER BY n) INTO v_records FROM jsonb_array_elements(v_records) WITH ORDINALITY AS t(r, n);
  END IF;

  IF v_step_up_id IS NOT NULL THEN
    UPDATE step_ups SET consumed_at = v_now WHERE id = v_step_up_id;
  END IF;
  IF p ? 'scheduled' THEN
    -- The run row commits with the payment, or not at all (unique per occurrence).
    INSERT INTO scheduled_transfer_runs (series_id, occurrence, due_on, status, amount_cents, ran_at)
    VALUES ((p->'scheduled'->>'seriesId')::uuid, (p->'scheduled'->>'occurrence')::int,
      (p->'scheduled'->>'dueOn')::date, 'succeeded', (p->'scheduled'->>'amountCents')::bigint, v_now);
  END IF;

  PERFORM lb_post_movement(jsonb_build_object(
    'kind', 'transfer',
    'description', (p->>'type') || ' ' || s_number || ' → ' || v_recipient_account,
    'actorId', s_user,
    'at', p->>'now',
    'legs', jsonb_build_array(
      jsonb_build_object('accountId', s_account, 'amountCents', -v_amount),
      jsonb_build_object('accountId', v_credit_account, 'amountCents', v_amount)),
    'records', v_records));

  -- The answer, as movementAnswer builds it (modules/ledger/movements/context.ts).
  v_body := jsonb_build_object(
    'transaction', jsonb_build_object(
      'id', v_debit->>'id', 'transactionId', v_debit->>'transaction_id', 'userId', s_user,
      'type', p->>'type', 'direction', 'debit', 'amount', lb_format_cents(v_amount), 'currency', p->>'currency',
      'recipientName', p->>'recipientName', 'recipientAccount', v_recipient_account,
      'bankName', p->>'bankName', 'routingNumber', p->'routingNumber', 'senderName', s_name,
      'senderAccount', s_number, 'purpose', p->>'purpose', 'status', p->>'recordStatus',
      'internationalDetails', p->'internationalDetails', 'createdAt', p->>'now', 'created_at', p->>'now',
      'hold', NULL, 'payeeCheck', v_payee_check),
    'balance', lb_format_cents(s_balance - v_amount),
    'availableBalance', lb_format_cents(s_balance - v_amount - s_held));
  IF v_key IS NOT NULL THEN
    v_answer := lb_claim(p, 201, v_body);
    IF v_answer IS NOT NULL THEN
      -- Another request with this key got there first: nothing of this one may stay.
      RAISE EXCEPTION 'lb_transfer: idempotency key claimed concurrently' USING ERRCODE = '40001';
    END IF;
  END IF;
  RETURN jsonb_build_object('outcome', 'done', 'status', 201, 'body', v_body,
    'touched', CASE WHEN v_usable THEN jsonb_build_array(s_user, r_user) ELSE jsonb_build_array(s_user) END);
END
$$;
