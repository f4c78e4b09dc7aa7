-- Issue 28 item 3, decision 0206: wires to other US banks. lb_transfer pays a wire whose routing
-- number is another bank's (`externalWire`) out through the external settlement account, never to
-- one of our customers whose account number it happens to match. The function's definition lives in
-- one place, server/src/db/functions/lb_transfer.sql, applied after the migrations (decision 0212);
-- this migration only marks when it changed.
SELECT 1;
