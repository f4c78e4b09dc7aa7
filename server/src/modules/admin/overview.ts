import { and, count, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import {
  ADMIN_RECENT_ITEMS_MAX,
  CURRENCY,
  LOAN_STATUS_PENDING,
  formatCents,
  type AdminOverview,
  type AdminVolume,
} from '@larkspur/contract';
import type { ReadDatabase } from '../../db/client';
import { accounts, loanApplications, profiles, transactionRecords } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import type { AuditTrail } from './audit-trail';

export interface AdminOverviewService {
  /** The console's front page; every figure is an aggregate computed by the database. */
  get(): Promise<AdminOverview>;
}

const DAY_MS = 86_400_000;
/** "The last 7 days": today and the six UTC days before it. */
const WEEK_DAYS = 7;

function startOfUtcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

export function createAdminOverviewService(deps: {
  db: ReadDatabase;
  clock: Clock;
  auditTrail: AuditTrail;
}): AdminOverviewService {
  const { db, clock, auditTrail } = deps;

  return {
    async get() {
      const now = clock.now();
      const todayStart = startOfUtcDay(now);
      // Records may carry a business date an admin set; the windows end with today, not with now.
      const tomorrowStart = new Date(todayStart.getTime() + DAY_MS);
      const weekStart = new Date(todayStart.getTime() - (WEEK_DAYS - 1) * DAY_MS);
      const inToday = sql`${transactionRecords.createdAt} >= ${todayStart}`;

      const [byStatus, held, volume, pending, recentAdminActions] = await Promise.all([
        db
          .select({ status: profiles.status, n: count() })
          .from(profiles)
          .where(sql`${profiles.role} = 'user'`)
          .groupBy(profiles.status),
        // What customers hold, read from the other side of the ledger: every entry balances, so
        // all balances sum to zero (`npm run ledger:verify` checks it) and the customers' total is
        // minus the few system accounts' (found through their unique code's index), not a scan of
        // every customer account.
        db
          .select({ cents: sql<string>`coalesce(-sum(${accounts.balanceCents}), 0)::text` })
          .from(accounts)
          .where(isNotNull(accounts.code)),
        db
          .select({
            type: transactionRecords.type,
            weekCount: count(),
            weekCents: sql<string>`sum(${transactionRecords.amountCents})::text`,
            todayCount: sql<number>`(count(*) filter (where ${inToday}))::int`,
            todayCents: sql<string>`coalesce(sum(${transactionRecords.amountCents}) filter (where ${inToday}), 0)::text`,
          })
          .from(transactionRecords)
          .where(
            and(
              gte(transactionRecords.createdAt, weekStart),
              lt(transactionRecords.createdAt, tomorrowStart),
              // Movements, not records (decision 0124): an internal transfer writes a debit record
              // and the recipient's Deposit record in one journal entry; it counts once, as the
              // sender's debit. A credit counts when its entry has no customer debit (a deposit,
              // a check, a loan payout, an admin credit).
              sql`(${transactionRecords.direction} = 'debit' or not exists (
                select 1 from ${transactionRecords} as leg
                where leg.entry_id = ${transactionRecords.entryId} and leg.direction = 'debit'))`,
            ),
          )
          .groupBy(transactionRecords.type)
          .orderBy(transactionRecords.type),
        db
          .select({ source: loanApplications.source, n: count() })
          .from(loanApplications)
          .where(eq(loanApplications.status, LOAN_STATUS_PENDING))
          .groupBy(loanApplications.source),
        auditTrail.latestAdminActions(ADMIN_RECENT_ITEMS_MAX),
      ]);

      const customers = { total: 0, active: 0, suspended: 0, closed: 0 };
      for (const row of byStatus) {
        customers[row.status] += row.n;
        customers.total += row.n;
      }

      const window = (from: Date, pick: 'today' | 'week'): AdminVolume => {
        const byType = volume
          .map((row) =>
            pick === 'today'
              ? { type: row.type, count: row.todayCount, amount: formatCents(BigInt(row.todayCents)) }
              : { type: row.type, count: row.weekCount, amount: formatCents(BigInt(row.weekCents)) },
          )
          .filter((row) => row.count > 0);
        return {
          from: from.toISOString(),
          to: tomorrowStart.toISOString(),
          count: byType.reduce((sum, row) => sum + row.count, 0),
          byType,
        };
      };

      const pendingOf = (source: 'application' | 'inquiry') =>
        pending.find((row) => row.source === source)?.n ?? 0;

      return {
        asOf: now.toISOString(),
        customers,
        balances: { total: formatCents(BigInt(held[0]?.cents ?? '0')), currency: CURRENCY },
        volume: { today: window(todayStart, 'today'), last7Days: window(weekStart, 'week') },
        loans: { pendingApplications: pendingOf('application'), pendingInquiries: pendingOf('inquiry') },
        recentAdminActions,
      };
    },
  };
}
