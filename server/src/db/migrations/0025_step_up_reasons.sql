-- Issue 28 item 9 (decision 0201): step-up says the rule that fired ("new_payee", "payee_added",
-- "payee_changed", "large_amount"). The function's definition lives in one place,
-- server/src/db/functions/lb_step_up_reasons.sql, applied after the migrations (decision 0212);
-- this migration only marks when it changed.
SELECT 1;
