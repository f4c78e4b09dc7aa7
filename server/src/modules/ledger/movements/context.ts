import {
  AMOUNT_MAX_CENTS,
  formatCents,
  parseAmountToCents,
  type MovementResponse,
  type RecordHold,
} from '@larkspur/contract';
import type { Database, Tx } from '../../../db/client';
import type { Actor as BaseActor } from '../../../lib/actor';
import type { Clock } from '../../../lib/clock';
import type { AuditLog } from '../../audit/index';
import type { EmailBrand, Outbox } from '../../email/index';
import type { UserService } from '../../users/index';
import { runIdempotent, type StoredAnswer } from '../../../lib/idempotency';
import { toRecordDto, type RecordRow } from '../records';
import { ensureSystemAccounts, type SystemAccountCode } from '../system-accounts';

/** What every money movement is built from. */
export interface MovementDeps {
  db: Database;
  clock: Clock;
  users: UserService;
  outbox: Outbox;
  brand: EmailBrand;
  audit: AuditLog;
  /**
   * Whether movements write their money alerts (default yes); the demo history, imported rather
   * than happening now, writes none.
   */
  alerts?: boolean;
}

/** Who acts, for the audit row: the one actor (lib/actor.ts), and the request a checker runs. */
export interface Actor extends BaseActor {
  /** Set when a checker runs a maker's approved request (decision 0171): named in the audit row. */
  requestId?: string;
}

/** The audit details that name the approved money request a movement ran for, if any. */
export function requestDetails(actor: Actor): { requestId?: string } {
  return actor.requestId ? { requestId: actor.requestId } : {};
}

/** The deps plus what the use cases share: the system accounts' ids, the run, the answer. */
export interface MovementContext extends MovementDeps {
  /** The id of a system account (created on first use, then remembered). */
  systemAccount(code: SystemAccountCode): Promise<number>;
  /** Creates the system accounts now (at start-up), so no movement pays for it. */
  ensureSystemAccounts(): Promise<void>;
  /**
   * Runs a movement once per idempotency key, then, once it has committed, nudges the live views
   * of the customers it touched (`touched`, filled by the operation as it succeeds).
   */
  runMovement(
    input: { scope: string; key: string | null; request: unknown },
    operation: (tx: Tx, touched: string[]) => Promise<StoredAnswer>,
  ): Promise<StoredAnswer>;
}

export function createMovementContext(deps: MovementDeps): MovementContext {
  let systemAccountIds: Record<SystemAccountCode, number> | null = null;
  return {
    ...deps,
    async systemAccount(code) {
      systemAccountIds ??= await ensureSystemAccounts(deps.db);
      return systemAccountIds[code];
    },
    async ensureSystemAccounts() {
      systemAccountIds = await ensureSystemAccounts(deps.db);
    },
    async runMovement(input, operation) {
      const touched: string[] = [];
      const stored = await runIdempotent({ db: deps.db, clock: deps.clock }, input, (tx) =>
        operation(tx, touched),
      );
      deps.users.profilesChanged(touched);
      return stored;
    },
  };
}

/** The movement's answer: the record (with its hold, for a check deposit) and both balances. */
export function movementAnswer(
  status: number,
  record: RecordRow,
  balanceCents: bigint,
  heldCents: bigint,
  hold: RecordHold | null = null,
): StoredAnswer {
  const body: MovementResponse = {
    transaction: toRecordDto(record, hold),
    balance: formatCents(balanceCents),
    availableBalance: formatCents(balanceCents - heldCents),
  };
  return { statusCode: status, body };
}

/** Parses a customer- or admin-typed amount: > 0 and within the single-amount maximum, or null. */
export function positiveAmount(input: string): bigint | null {
  const cents = parseAmountToCents(input);
  return cents === null || cents <= 0n || cents > AMOUNT_MAX_CENTS ? null : cents;
}

/** The start of the calendar day (UTC) that `at` falls in: the day the daily transfer limit counts. */
export function limitDayStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}
