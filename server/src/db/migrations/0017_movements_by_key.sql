-- Issue 15: a movement's cost must not grow with the number of customers. lb_post_movement moved
-- the balances with one UPDATE … FROM the legs, which the planner joined by scanning every account
-- (it guesses a hundred rows for jsonb_array_elements): each transfer read the whole accounts table.
-- Now one UPDATE per account by its key. The group-commit batch locked its accounts with IN
-- (subquery), planned the same way; now with arrays, which the indexes serve.

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
  FOR v_net IN
    SELECT (l->>'accountId')::bigint AS account_id, sum((l->>'amountCents')::bigint)::bigint AS amount_cents
    FROM jsonb_array_elements(p->'legs') l GROUP BY 1 ORDER BY 1
  LOOP
    UPDATE accounts SET balance_cents = balance_cents + v_net.amount_cents
    WHERE id = v_net.account_id
    RETURNING balance_cents INTO v_balance;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'lb_post_movement: a leg names an account that does not exist';
    END IF;
    v_balances := v_balances || jsonb_build_object(v_net.account_id::text, v_balance::text);
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
