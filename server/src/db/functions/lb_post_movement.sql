-- lb_post_movement: its one definition (decision 0212). Applied after the migrations on every start;
-- change it here, never by copying it into a migration. Last changed with migration 0024_alerts_and_shared_references.
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
