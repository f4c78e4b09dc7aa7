-- Issue 15, decision 0173: every money movement posts through one function, and a transfer is one
-- call. The same SQL runs on PostgreSQL and PGlite. Parameters arrive as one jsonb document (typed
-- arguments for a dozen optional parts would be a longer, more fragile signature); answers go back
-- as jsonb. Messages are never written here: the caller passes the contract's catalogue entries.

-- The posting primitive: one balanced journal entry, its postings in leg order, the cached balances
-- moved by the legs (summed per account first: UPDATE … FROM applies one source row per target), the
-- customers' records, and a money alert per record that asks for one, stored as the movement's
-- fields with the balance after (the outbox worker renders it; decision 0173). The caller holds the
-- locks and has decided every rule; what is checked here only a bug could break.
CREATE OR REPLACE FUNCTION lb_post_movement(p jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_at timestamptz := (p->>'at')::timestamptz;
  v_entry_id bigint;
  v_legs int := jsonb_array_length(p->'legs');
  v_sum numeric;
  v_balances jsonb;
BEGIN
  SELECT coalesce(sum((l->>'amountCents')::bigint), 0) INTO v_sum FROM jsonb_array_elements(p->'legs') l;
  IF v_legs < 2 OR v_legs > 4 OR v_sum <> 0 OR EXISTS (
    SELECT 1 FROM jsonb_array_elements(p->'legs') l WHERE (l->>'amountCents')::bigint = 0
  ) THEN
    RAISE EXCEPTION 'lb_post_movement: an entry has 2 to 4 non-zero legs that balance';
  END IF;

  INSERT INTO journal_entries (kind, description, actor_id, created_at)
  VALUES (p->>'kind', p->>'description', (p->>'actorId')::uuid, v_at)
  RETURNING id INTO v_entry_id;

  INSERT INTO postings (entry_id, account_id, amount_cents, created_at)
  SELECT v_entry_id, (l->>'accountId')::bigint, (l->>'amountCents')::bigint, v_at
  FROM jsonb_array_elements(p->'legs') WITH ORDINALITY AS t(l, ord)
  ORDER BY ord;

  WITH net AS (
    SELECT (l->>'accountId')::bigint AS account_id, sum((l->>'amountCents')::bigint)::bigint AS amount_cents
    FROM jsonb_array_elements(p->'legs') l GROUP BY 1
  ), moved AS (
    UPDATE accounts a SET balance_cents = a.balance_cents + net.amount_cents
    FROM net WHERE a.id = net.account_id
    RETURNING a.id, a.balance_cents
  )
  SELECT jsonb_object_agg(moved.id::text, moved.balance_cents::text) INTO v_balances FROM moved;
  IF (SELECT count(*) FROM jsonb_object_keys(v_balances)) <> (
    SELECT count(DISTINCT l->>'accountId') FROM jsonb_array_elements(p->'legs') l
  ) THEN
    RAISE EXCEPTION 'lb_post_movement: a leg names an account that does not exist';
  END IF;

  IF jsonb_array_length(coalesce(p->'records', '[]')) > 0 THEN
    INSERT INTO transaction_records (
      id, transaction_id, user_id, entry_id, direction, type, amount_cents, currency,
      recipient_name, recipient_account, bank_name, routing_number, sender_name, sender_account,
      purpose, status, international_details, payee_check, created_at, recorded_at, updated_at
    )
    SELECT r.id, r.transaction_id, r.user_id, v_entry_id, r.direction, r.type, r.amount_cents, r.currency,
      r.recipient_name, r.recipient_account, r.bank_name, r.routing_number, r.sender_name, r.sender_account,
      r.purpose, r.status, r.international_details, r.payee_check, r.created_at, v_at, v_at
    FROM jsonb_populate_recordset(NULL::transaction_records, p->'records') r;

    -- The alert of each record that names where to send it: the record's own fields, the balance
    -- its account holds now, and the international conversion when there is one.
    INSERT INTO outbox_messages (to_email, subject, html, text, template, params, created_at, next_attempt_at)
    SELECT r->'alert'->>'to', '', '', '', 'money-alert',
      jsonb_strip_nulls(jsonb_build_object(
        'to_email', r->'alert'->>'to',
        'name', r->'alert'->>'name',
        'direction', r->>'direction',
        'transaction_type', r->>'type',
        'amount_cents', r->>'amount_cents',
        'date', r->>'created_at',
        'reference', r->>'transaction_id',
        'counterparty', CASE WHEN r->>'direction' = 'debit' THEN r->>'recipient_name' ELSE r->>'sender_name' END,
        'balance_cents', v_balances->>(r->'alert'->>'accountId'),
        'currency_symbol', r->'international_details'->>'currencySymbol',
        'foreign_amount', r->'international_details'->>'foreignAmount',
        'foreign_currency', r->'international_details'->>'currency',
        'usd_per_unit', r->'international_details'->>'usdPerUnit'
      )),
      v_at, v_at
    FROM jsonb_array_elements(p->'records') r
    WHERE r ? 'alert';
  END IF;

  -- Other notices of the movement, rendered by the caller (a returned check's).
  INSERT INTO outbox_messages (to_email, subject, html, text, template, params, created_at, next_attempt_at)
  SELECT e->>'to', e->>'subject', e->>'html', e->>'text', e->>'template', e->'params', v_at, v_at
  FROM jsonb_array_elements(coalesce(p->'emails', '[]')) e;

  RETURN jsonb_build_object('entryId', v_entry_id, 'balances', v_balances);
END
$$;
--> statement-breakpoint

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
--> statement-breakpoint

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
--> statement-breakpoint

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
--> statement-breakpoint

-- product §7 transfer in one call (decision 0173): the key's replay, both parties locked in id order,
-- every refusal decided in the spec's order before any write, then the entry, its records and
-- alerts through lb_post_movement, and the answer stored with the key. Outcomes:
--   done (status, body, touched) · replay (status, body) · refused (code, field; remembered by the
--   key) · error (code, field; the key stays free: the name check, the step-up) ·
--   nameCheck (holderName: the caller compares names and calls again with its result).
CREATE OR REPLACE FUNCTION lb_transfer(p jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_now timestamptz := (p->>'now')::timestamptz;
  v_key text := p->>'key';
  v_amount bigint := (p->>'amountCents')::bigint;
  v_recipient_account text := p->>'recipientAccount';
  v_international boolean := p->>'type' = 'International Transfer';
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
    WHERE pr.user_id = (p->>'senderId')::uuid OR pr.account_number = v_recipient_account
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
    IF v_row.account_number = v_recipient_account THEN
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
  IF NOT v_usable AND NOT v_international THEN
    RETURN lb_refuse(p, 'RECIPIENT_NOT_FOUND', 'recipientAccount');
  END IF;
  IF v_recipient_account = s_number THEN
    RETURN lb_refuse(p, 'SELF_TRANSFER', 'recipientAccount');
  END IF;
  -- What may be spent is the available balance: held check deposits stay (decision 0070).
  IF s_balance - s_held < v_amount THEN
    RETURN lb_refuse(p, 'INSUFFICIENT_FUNDS', 'amount');
  END IF;

  -- Confirmation of Payee against the holder as locked (decision 0155). The name as typed is the
  -- holder's: a match. Anything else the caller compares (modules/payees/name-match.ts) and calls
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
      'alert', jsonb_build_object('to', r_email, 'name', r_name, 'accountId', r_account::text)));
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
--> statement-breakpoint

-- formatCents of the contract (amounts.ts): "-12.34", always two decimals.
CREATE OR REPLACE FUNCTION lb_format_cents(p_cents bigint) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_cents < 0 THEN '-' ELSE '' END || (abs(p_cents) / 100)::text || '.'
    || lpad((abs(p_cents) % 100)::text, 2, '0')
$$;
--> statement-breakpoint

-- Why a transfer needs a step-up (decisions 0137, 0157): empty when it does not. The one statement
-- of the rule, for the transfer (above) and for the step-up service's own questions
-- (modules/step-up). "new_payee": the sender never paid this payee, or saved or changed it in their
-- payee book since `savedSince`; "large_amount": above the threshold.
CREATE OR REPLACE FUNCTION lb_step_up_reasons(p_user uuid, p_payee jsonb, p_amount bigint, p_types jsonb)
RETURNS text[]
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_reasons text[] := '{}';
BEGIN
  IF NOT EXISTS (
      SELECT 1 FROM transaction_records tr
      WHERE tr.user_id = p_user AND tr.recipient_account = p_payee->>'payeeAccount'
        AND tr.direction = 'debit' AND tr.type IN (SELECT jsonb_array_elements_text(p_types))
        AND (p_payee->>'payeeSwift' IS NULL
          OR tr.international_details->>'swiftBic' = p_payee->>'payeeSwift'))
    OR EXISTS (
      SELECT 1 FROM payees py
      WHERE py.user_id = p_user AND py.recipient_account = p_payee->>'payeeAccount'
        AND py.updated_at > (p_payee->>'savedSince')::timestamptz
        AND (p_payee->>'payeeSwift' IS NULL
          OR py.international_details->>'swiftBic' = p_payee->>'payeeSwift'))
  THEN
    v_reasons := v_reasons || 'new_payee'::text;
  END IF;
  IF p_amount > (p_payee->>'thresholdCents')::bigint THEN
    v_reasons := v_reasons || 'large_amount'::text;
  END IF;
  RETURN v_reasons;
END
$$;
--> statement-breakpoint

-- What a customer sent today by transfer, for the daily limit: their debit records of a transfer
-- type recorded since the day began. Served by transaction_records_user_recorded_idx (decision
-- 0125), so it reads today's records of that customer only, however long their history.
-- (PL/pgSQL, not SQL, so that its plan is cached for the session rather than made on every call.)
CREATE OR REPLACE FUNCTION lb_sent_today(p_user uuid, p_since timestamptz, p_types jsonb) RETURNS bigint
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT coalesce(sum(tr.amount_cents), 0)::bigint FROM transaction_records tr
    WHERE tr.user_id = p_user AND tr.direction = 'debit'
      AND tr.type IN (SELECT jsonb_array_elements_text(p_types))
      AND tr.recorded_at >= p_since);
END
$$;
--> statement-breakpoint

-- Group commit (decision 0173): transfers queued while this instance's previous batch ran, in one
-- call and one commit. Every account any item may touch is locked first, as a single transfer
-- locks them: its customers' in id order, then, if any item goes abroad, the settlement account
-- (which nothing else locks). So a batch waits on no account lock once it has begun, and neither
-- two batches nor a batch and a single transfer can deadlock. Every refusal is an answer, not an
-- error, so an error is a fault: it rolls the whole call back, and the caller runs each item again
-- by itself (no subtransaction per item: they cost more than the rare fault). One answer per
-- item, in order.
CREATE OR REPLACE FUNCTION lb_transfer_batch(p jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_item jsonb;
  v_answers jsonb := '[]';
BEGIN
  PERFORM a.id FROM accounts a
  WHERE a.user_id IN (SELECT (i->>'senderId')::uuid FROM jsonb_array_elements(p->'items') i)
    OR a.user_id IN (
      SELECT pr.user_id FROM profiles pr
      WHERE pr.account_number IN (SELECT i->>'recipientAccount' FROM jsonb_array_elements(p->'items') i))
  ORDER BY a.id
  FOR UPDATE;
  PERFORM a.id FROM accounts a
  WHERE a.kind = 'system' AND a.id IN (
    SELECT (i->>'settlementAccountId')::bigint FROM jsonb_array_elements(p->'items') i
    WHERE i->>'type' = 'International Transfer')
  FOR UPDATE;

  FOR v_item IN SELECT i FROM jsonb_array_elements(p->'items') i LOOP
    v_answers := v_answers || jsonb_build_array(lb_transfer(v_item));
  END LOOP;
  RETURN v_answers;
END
$$;
