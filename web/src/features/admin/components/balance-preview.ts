import {
  AMOUNT_MAX_CENTS,
  errorMessage,
  moneyToCents,
  parseTypedAmountToCents,
  type Direction,
  type Money,
} from '@larkspur/contract';

/**
 * What a money change will do to a customer's balance, worked out before it is confirmed. Integer
 * cents only (contract/money.ts), never floats, and the same rules and words as the server
 * (banking-service.ts), so the preview refuses exactly what the server would refuse. The server
 * still decides: the balance it answers with is the one shown afterwards.
 */

export type HelperPreview =
  | { status: 'invalid'; message: string }
  | { status: 'insufficient'; message: string; balanceAfterCents: bigint }
  | { status: 'ok'; amountCents: bigint; balanceAfterCents: bigint };

/** The server's `positiveAmount`: more than zero, at most the single-operation maximum. */
function positiveAmount(input: string): bigint | null {
  const cents = parseTypedAmountToCents(input);
  return cents === null || cents <= 0n || cents > AMOUNT_MAX_CENTS ? null : cents;
}

/** The credit (deposit) and debit (withdrawal) helpers. */
export function previewHelper(
  helper: 'credit' | 'debit',
  balance: Money,
  amountInput: string,
): HelperPreview {
  const amountCents = positiveAmount(amountInput);
  if (amountCents === null) {
    return {
      status: 'invalid',
      message: errorMessage(helper === 'credit' ? 'INVALID_DEPOSIT_AMOUNT' : 'INVALID_DEBIT_AMOUNT'),
    };
  }
  const balanceCents = moneyToCents(balance);
  const balanceAfterCents = helper === 'credit' ? balanceCents + amountCents : balanceCents - amountCents;
  if (balanceAfterCents < 0n) {
    return {
      status: 'insufficient',
      message: errorMessage('INSUFFICIENT_FUNDS_FOR_DEBIT'),
      balanceAfterCents,
    };
  }
  return { status: 'ok', amountCents, balanceAfterCents };
}

export type EditPreview =
  | { status: 'invalid'; message: string }
  | { status: 'negative'; message: string; balanceChangeCents: bigint; balanceAfterCents: bigint }
  | { status: 'ok'; newAmountCents: bigint; balanceChangeCents: bigint; balanceAfterCents: bigint };

/**
 * Editing a record's amount moves the owner's balance by the difference: up for a bigger credit or
 * a smaller debit, down for the reverse (the server's adjusting entry, `adminEditRecord`). product §5:
 * the new amount is a number of at least 0; zero is allowed.
 */
export function previewEdit(
  record: { direction: Direction; amount: Money },
  balance: Money,
  newAmountInput: string,
): EditPreview {
  const newAmountCents = parseTypedAmountToCents(newAmountInput);
  if (newAmountCents === null || newAmountCents > AMOUNT_MAX_CENTS) {
    return { status: 'invalid', message: errorMessage('INVALID_NEW_AMOUNT') };
  }
  const delta = newAmountCents - moneyToCents(record.amount);
  const balanceChangeCents = record.direction === 'credit' ? delta : -delta;
  const balanceAfterCents = moneyToCents(balance) + balanceChangeCents;
  if (balanceAfterCents < 0n) {
    return {
      status: 'negative',
      message: errorMessage('BALANCE_WOULD_BE_NEGATIVE'),
      balanceChangeCents,
      balanceAfterCents,
    };
  }
  return { status: 'ok', newAmountCents, balanceChangeCents, balanceAfterCents };
}
