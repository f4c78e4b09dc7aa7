-- Group commit is gone (decision 0219): measured twice on the benchmark machine it moved no more
-- transfers than one call each, so its batch function has no caller left. Its file in
-- db/functions/ is deleted with it; this drops the definition migration 0013 created and 0017
-- replaced.
DROP FUNCTION IF EXISTS lb_transfer_batch(jsonb);
