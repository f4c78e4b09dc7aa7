import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

export interface LedgerViolation {
  rule: string;
  detail: string;
}

/** Most violations listed per rule; a broken ledger says so without printing a million lines. */
const VIOLATIONS_PER_RULE_MAX = 50;

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

/**
 * The ledger's invariants (DESIGN §2), checked straight from the tables: every entry balances;
 * every cached balance equals the sum of its postings; no customer balance is negative; every
 * record points at an entry that touches its owner's account; all balances together sum to zero;
 * each customer's count of what they sent today by transfer equals their records of that day.
 * And for check-deposit holds: no customer's available balance (balance − held) is negative;
 * each account's held cents are the sum of its active holds; each hold matches its Check Deposit
 * record; an ended hold holds nothing; each returned check has its reversing entry.
 */
export async function verifyLedger(
  db: Database,
): Promise<{ violations: LedgerViolation[]; stats: Record<string, string> }> {
  const violations: LedgerViolation[] = [];
  const limit = VIOLATIONS_PER_RULE_MAX;

  const unbalanced = await rows<{ entry_id: string; total: string }>(
    db,
    sql`select entry_id::text, sum(amount_cents)::text as total from postings group by entry_id having sum(amount_cents) <> 0 limit ${limit}`,
  );
  for (const r of unbalanced)
    violations.push({ rule: 'entry balances', detail: `entry ${r.entry_id} sums to ${r.total} cents` });

  const lonely = await rows<{ id: string }>(
    db,
    sql`select e.id::text from journal_entries e where (select count(*) from postings p where p.entry_id = e.id) < 2 limit ${limit}`,
  );
  for (const r of lonely)
    violations.push({ rule: 'entry has legs', detail: `entry ${r.id} has fewer than two postings` });

  const drifted = await rows<{ id: string; cached: string; posted: string }>(
    db,
    sql`select a.id::text, a.balance_cents::text as cached, coalesce(p.total, 0)::text as posted
        from accounts a left join (select account_id, sum(amount_cents) as total from postings group by account_id) p on p.account_id = a.id
        where a.balance_cents <> coalesce(p.total, 0) limit ${limit}`,
  );
  for (const r of drifted) {
    violations.push({
      rule: 'cached balance = sum of postings',
      detail: `account ${r.id}: cached ${r.cached}, postings ${r.posted}`,
    });
  }

  const negative = await rows<{ id: string; balance: string }>(
    db,
    sql`select id::text, balance_cents::text as balance from accounts where kind = 'customer' and balance_cents < 0 limit ${limit}`,
  );
  for (const r of negative)
    violations.push({ rule: 'no negative customer balance', detail: `account ${r.id}: ${r.balance}` });

  const orphans = await rows<{ transaction_id: string }>(
    db,
    sql`select r.transaction_id from transaction_records r
        where not exists (
          select 1 from postings p join accounts a on a.id = p.account_id
          where p.entry_id = r.entry_id and a.user_id = r.user_id)
        limit ${limit}`,
  );
  for (const r of orphans) {
    violations.push({
      rule: "record points at its owner's entry",
      detail: `record ${r.transaction_id} has no posting on its owner's account`,
    });
  }

  // Check-deposit holds (decision 0070): held money is never spent, and the holds add up.
  const overspent = await rows<{ id: string; balance: string; held: string }>(
    db,
    sql`select id::text, balance_cents::text as balance, held_cents::text as held from accounts
        where kind = 'customer' and balance_cents - held_cents < 0 limit ${limit}`,
  );
  for (const r of overspent) {
    violations.push({
      rule: 'available balance ≥ 0',
      detail: `account ${r.id}: balance ${r.balance}, held ${r.held}`,
    });
  }

  const heldDrift = await rows<{ id: string; cached: string; holds: string }>(
    db,
    sql`select a.id::text, a.held_cents::text as cached, coalesce(h.total, 0)::text as holds
        from accounts a left join (
          select account_id, sum(amount_cents - released_cents) as total from deposit_holds
          where status = 'active' group by account_id) h on h.account_id = a.id
        where a.held_cents <> coalesce(h.total, 0) limit ${limit}`,
  );
  for (const r of heldDrift) {
    violations.push({
      rule: 'held cents = sum of active holds',
      detail: `account ${r.id}: held ${r.cached}, active holds ${r.holds}`,
    });
  }

  const mismatched = await rows<{ id: string }>(
    db,
    sql`select h.id::text from deposit_holds h join transaction_records r on r.id = h.record_id
        where r.type <> 'Check Deposit' or r.direction <> 'credit' or r.user_id <> h.user_id
          or r.amount_cents <> h.amount_cents
        limit ${limit}`,
  );
  for (const r of mismatched) {
    violations.push({
      rule: 'a hold matches its check deposit',
      detail: `hold ${r.id} differs from its Check Deposit record (type, owner or amount)`,
    });
  }

  const unfinished = await rows<{ id: string; status: string }>(
    db,
    sql`select id::text, status from deposit_holds
        where (status = 'released' and released_cents <> amount_cents)
           or (status <> 'active' and next_release_at is not null)
        limit ${limit}`,
  );
  for (const r of unfinished) {
    violations.push({
      rule: 'an ended hold holds nothing',
      detail: `hold ${r.id} is ${r.status} but still holds money or awaits a release`,
    });
  }

  const unreversed = await rows<{ id: string }>(
    db,
    sql`select h.id::text from deposit_holds h
        where h.status = 'returned' and not exists (
          select 1 from journal_entries e join postings p on p.entry_id = e.id
            join accounts a on a.id = p.account_id
          where e.id = h.return_entry_id and e.kind = 'check_return'
            and a.code = 'check_clearing' and p.amount_cents = h.amount_cents)
        limit ${limit}`,
  );
  for (const r of unreversed) {
    violations.push({
      rule: 'a returned check is reversed',
      detail: `hold ${r.id} is returned without a check_return entry giving its amount back to check clearing`,
    });
  }

  // The daily limit's counter (decision 0179): what the account says its customer sent on its day
  // is the sum of their debit records of a transfer type recorded that day, and no such record is
  // of a later day.
  const miscounted = await rows<{
    id: string;
    day: string | null;
    counted: string;
    recorded: string;
    last: string;
  }>(
    db,
    sql`with days as (
          select user_id, (recorded_at at time zone 'UTC')::date as day, sum(amount_cents) as cents
          from transaction_records where lb_counts_toward_limit(direction, type) group by 1, 2),
        last as (select user_id, max(day) as day from days group by 1)
        select a.id::text, a.sent_on::text as day, a.sent_cents::text as counted,
          coalesce(d.cents, 0)::text as recorded, coalesce(l.day::text, 'none') as last
        from accounts a
        left join days d on d.user_id = a.user_id and d.day = a.sent_on
        left join last l on l.user_id = a.user_id
        where a.kind = 'customer'
          and (a.sent_cents <> coalesce(d.cents, 0) or l.day > coalesce(a.sent_on, '-infinity'::date))
        limit ${limit}`,
  );
  for (const r of miscounted) {
    violations.push({
      rule: "sent today = the day's transfers",
      detail: `account ${r.id}: ${r.counted} cents counted on ${r.day ?? 'no day'}, ${r.recorded} recorded that day, latest day ${r.last}`,
    });
  }

  const [total] = await rows<{ total: string; accounts: string; entries: string; records: string }>(
    db,
    sql`select coalesce(sum(balance_cents), 0)::text as total, count(*)::text as accounts,
          (select count(*) from journal_entries)::text as entries, (select count(*) from transaction_records)::text as records
        from accounts`,
  );
  if (total && total.total !== '0')
    violations.push({ rule: 'all balances sum to zero', detail: `sum is ${total.total} cents` });

  return {
    violations,
    stats: {
      accounts: total?.accounts ?? '0',
      entries: total?.entries ?? '0',
      records: total?.records ?? '0',
      sum: total?.total ?? '0',
    },
  };
}
