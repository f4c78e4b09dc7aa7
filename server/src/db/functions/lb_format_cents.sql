-- lb_format_cents: its one definition (decision 0212). Applied after the migrations on every start;
-- change it here, never by copying it into a migration. Last changed with migration 0014_one_statement_movements.
-- formatCents of the contract (amounts.ts): "-12.34", always two decimals.
CREATE OR REPLACE FUNCTION lb_format_cents(p_cents bigint) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_cents < 0 THEN '-' ELSE '' END || (abs(p_cents) / 100)::text || '.'
    || lpad((abs(p_cents) % 100)::text, 2, '0')
$$;
