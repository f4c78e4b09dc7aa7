-- lb_record_dto: its one definition (decision 0212). Applied after the migrations on every start;
-- change it here, never by copying it into a migration. Last changed with migration 0016_move_with_system.
-- The API's view of a record (toRecordDto in modules/ledger/records.ts) from the record as
-- lb_post_movement takes it; `hold` is the caller's (a check deposit's).
CREATE OR REPLACE FUNCTION lb_record_dto(r jsonb, p_hold jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object(
    'id', r->>'id', 'transactionId', r->>'transaction_id', 'userId', r->>'user_id',
    'type', r->>'type', 'direction', r->>'direction',
    'amount', lb_format_cents((r->>'amount_cents')::bigint), 'currency', r->>'currency',
    'recipientName', r->>'recipient_name', 'recipientAccount', r->>'recipient_account',
    'bankName', r->>'bank_name', 'routingNumber', coalesce(r->'routing_number', 'null'::jsonb),
    'senderName', r->>'sender_name', 'senderAccount', r->>'sender_account', 'purpose', r->>'purpose',
    'status', r->>'status', 'internationalDetails', coalesce(r->'international_details', 'null'::jsonb),
    'createdAt', r->>'created_at', 'created_at', r->>'created_at',
    'hold', coalesce(p_hold, 'null'::jsonb), 'payeeCheck', coalesce(r->'payee_check', 'null'::jsonb))
$$;
