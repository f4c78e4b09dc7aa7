-- Issue 28, decisions 0197 and 0198: what a customer reads about a movement.
-- (1) A money alert states the available balance: lb_post_movement stores beside the balance what
--     is on hold on the account (`held_cents`) and the day the last of it is available
--     (`held_until`); lb_move_with_system passes on a check deposit's hold, placed after posting.
-- (2) Both legs of a transfer carry one reference: the received leg (a Deposit record, its own
--     DEP… id kept) gets `reference` = the sender's TRF… id, its alert reads "Transfer from
--     <sender>" with that reference; existing transfers are filled in from their journal entry.

ALTER TABLE "transaction_records" ADD COLUMN "reference" text;--> statement-breakpoint
UPDATE transaction_records c SET reference = d.transaction_id
FROM transaction_records d, journal_entries j
WHERE j.id = c.entry_id AND j.kind = 'transfer' AND d.entry_id = c.entry_id
  AND c.direction = 'credit' AND c.type = 'Deposit' AND d.direction = 'debit' AND d.user_id <> c.user_id;--> statement-breakpoint
CREATE INDEX "transaction_records_reference_idx" ON "transaction_records" USING btree ("reference") WHERE "reference" IS NOT NULL;--> statement-breakpoint

CREATE OR REPLACE FUNCTION lb_post_movement(p jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_at timestamptz := (p->>'at')::timestamptz;
  v_entry_id bigint;
  v_legs int := jsonb_array_length(p->'legs');
  v_sum numeric;
  v_balances jsonb;
  v_net record;
  v_balance bigint;
  v_held bigint;
  v_helds jsonb;
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

  -- One UPDATE per account by its primary key, in id order. A single UPDATE … FROM the legs let
  -- the planner guess a hundred legs and scan every account (a hash join): a transfer then read the
  -- whole accounts table, and its cost grew with the number of customers.
  v_balances := '{}';
  v_helds := '{}';
  FOR v_net IN
    SELECT (l->>'accountId')::bigint AS account_id, sum((l->>'amountCents')::bigint)::bigint AS amount_cents
    FROM jsonb_array_elements(p->'legs') l GROUP BY 1 ORDER BY 1
  LOOP
    UPDATE accounts SET balance_cents = balance_cents + v_net.amount_cents
    WHERE id = v_net.account_id
    RETURNING balance_cents, held_cents INTO v_balance, v_held;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'lb_post_movement: a leg names an account that does not exist';
    END IF;
    v_balances := v_balances || jsonb_build_object(v_net.account_id::text, v_balance::text);
    v_helds := v_helds || jsonb_build_object(v_net.account_id::text, v_held);
  END LOOP;

  IF jsonb_array_length(coalesce(p->'records', '[]')) > 0 THEN
    INSERT INTO transaction_records (
      id, transaction_id, user_id, entry_id, direction, type, amount_cents, currency,
      recipient_name, recipient_account, bank_name, routing_number, sender_name, sender_account,
      purpose, status, international_details, payee_check, reference, created_at, recorded_at, updated_at
    )
    SELECT r.id, r.transaction_id, r.user_id, v_entry_id, r.direction, r.type, r.amount_cents, r.currency,
      r.recipient_name, r.recipient_account, r.bank_name, r.routing_number, r.sender_name, r.sender_account,
      r.purpose, r.status, r.international_details, r.payee_check, r.reference, r.created_at, v_at, v_at
    FROM jsonb_populate_recordset(NULL::transaction_records, p->'records') r;

    -- The alert of each record that names where to send it: the record's own fields, the balance
    -- its account holds now, and the international conversion when there is one. Issue 28
    -- (decision 0198): with what is on hold now — the account's held cents, plus a hold its caller
    -- places right after this posting (a check deposit's, `alert.heldCents`) — and the day the last
    -- of it is available, so the alert can state the available balance, not only the current one.
    INSERT INTO outbox_messages (to_email, subject, html, text, template, params, created_at, next_attempt_at)
    SELECT r->'alert'->>'to', '', '', '', 'money-alert',
      jsonb_strip_nulls(jsonb_build_object(
        'to_email', r->'alert'->>'to',
        'name', r->'alert'->>'name',
        'direction', r->>'direction',
        'transaction_type', coalesce(r->'alert'->>'type', r->>'type'),
        'amount_cents', r->>'amount_cents',
        'date', r->>'created_at',
        'reference', coalesce(r->>'reference', r->>'transaction_id'),
        'counterparty', CASE WHEN r->>'direction' = 'debit' THEN r->>'recipient_name' ELSE r->>'sender_name' END,
        'balance_cents', v_balances->>(r->'alert'->>'accountId'),
        'currency_symbol', r->'international_details'->>'currencySymbol',
        'foreign_amount', r->'international_details'->>'foreignAmount',
        'foreign_currency', r->'international_details'->>'currency',
        'usd_per_unit', r->'international_details'->>'usdPerUnit',
        'held_cents', CASE WHEN h.held_cents > 0 THEN h.held_cents::text END,
        'held_until', CASE WHEN h.held_cents > 0 THEN (SELECT greatest(max(dh.available_at),
            (r->'alert'->>'heldUntil')::timestamptz)
          FROM deposit_holds dh
          WHERE dh.account_id = (r->'alert'->>'accountId')::bigint AND dh.status = 'active') END
      )),
      v_at, v_at
    FROM jsonb_array_elements(p->'records') r
    CROSS JOIN LATERAL (SELECT coalesce((v_helds->>(r->'alert'->>'accountId'))::bigint, 0)
      + coalesce((r->'alert'->>'heldCents')::bigint, 0) AS held_cents) h
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
--> statement-breakpoint

CREATE OR REPLACE FUNCTION lb_transfer(p jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
-- As migration 0014, with the received leg's shared reference and its alert's wording (decision 0197).
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
