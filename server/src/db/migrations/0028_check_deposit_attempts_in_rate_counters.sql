-- Check-deposit attempts are counted by the bank's one database counter, `rate_limit_counters`
-- (decision 0194), like every other limit that must hold across instances: the table of attempts
-- that migration 0022 added for it is no longer read or written (decision 0191, amended).
DROP TABLE IF EXISTS "check_deposit_attempts";
