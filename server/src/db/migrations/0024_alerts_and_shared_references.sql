-- Issue 28, decisions 0197 and 0198: what a customer reads about a movement.
-- (1) A money alert states the available balance: lb_post_movement stores beside the balance what
--     is on hold on the account (`held_cents`) and the day the last of it is available
--     (`held_until`); lb_move_with_system passes on a check deposit's hold, placed after posting.

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
      purpose, status, international_details, payee_check, created_at, recorded_at, updated_at
    )
    SELECT r.id, r.transaction_id, r.user_id, v_entry_id, r.direction, r.type, r.amount_cents, r.currency,
      r.recipient_name, r.recipient_account, r.bank_name, r.routing_number, r.sender_name, r.sender_account,
      r.purpose, r.status, r.international_details, r.payee_check, r.created_at, v_at, v_at
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
        'transaction_type', r->>'type',
        'amount_cents', r->>'amount_cents',
        'date', r->>'created_at',
        'reference', r->>'transaction_id',
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
