import type { PayeeCheckResult, PayeeNameCheck, TransferType } from '@larkspur/contract';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { loadCustomer } from './customers';
import { compareNames } from './name-match';

/**
 * Confirmation of Payee (issue 18, decision 0155): the name check of a look-up (the form, as the
 * customer types) and of a transfer (the server's own, at the moment the money moves).
 */

/** "Jane D.": what a look-up whose name matched shows of the holder's (decision 0199). */
export function maskName(fullName: string): string {
  const [first = '', ...rest] = fullName.split(' ');
  const lastInitial = rest.join(' ').trim().charAt(0);
  return lastInitial ? `${first} ${lastInitial}.` : first;
}

/**
 * The name check of a typed name against the holder's. The holder's full name is given only for a
 * close match, as UK CoP gives it: the customer already typed nearly all of it, and needs it to
 * correct a typo. A match or a no match adds nothing (`lookUpRecipient` says which name shows).
 */
export function nameCheck(typed: string, holderFullName: string): PayeeNameCheck {
  const result = compareNames(typed, holderFullName);
  return result === 'close_match' ? { result, accountName: holderFullName } : { result };
}

/**
 * GET /api/recipients/:accountNumber: whether an open customer account has that number and, when a
 * name was sent, its check; null when none has. A name is shown only where the caller already knew
 * it (issue 28, decision 0199): the masked name on a match, the full name on a close match. A
 * look-up with no name, or a no match, names nobody — an account number alone is no licence to
 * learn who holds it, as UK Confirmation of Payee answers.
 */
export async function lookUpRecipient(
  db: DbOrTx,
  accountNumber: string,
  typedName: string | undefined,
): Promise<{ maskedName?: string; check?: PayeeNameCheck } | null> {
  const customer = await loadCustomer(db, { accountNumber });
  if (!customer || customer.status === 'closed') return null;
  if (!typedName) return {};
  const check = nameCheck(typedName, customer.fullName);
  return check.result === 'match' ? { maskedName: maskName(customer.fullName), check } : { check };
}

/**
 * The transfer's own name check, made inside its transaction against the recipient as locked:
 * `holderFullName` null means the account is not one of ours (an international payment to
 * another bank), which cannot be checked: "unavailable". A close or no match is refused unless the
 * customer confirmed they accept the risk (`confirmPayeeRisk`); the refusal leaves the
 * idempotency key free, like step-up's, so the confirmed retry may reuse it.
 */
export function decidePayeeCheck(
  input: { type: TransferType; recipientName: string; confirmPayeeRisk?: boolean | undefined },
  holderFullName: string | null,
): PayeeCheckResult {
  if (holderFullName === null) return 'unavailable';
  const result = compareNames(input.recipientName, holderFullName);
  if (result !== 'match' && input.confirmPayeeRisk !== true) {
    throw new AppError('PAYEE_CHECK_NOT_CONFIRMED', { field: 'recipientName' });
  }
  return result;
}
