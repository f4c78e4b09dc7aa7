import type { InternationalDetails, TransferType } from '@larkspur/contract';
import { BANK_DISPLAY_NAME } from '@larkspur/contract';
import { emptyTransfer, type TransferFormValues } from './transfer-validation';

/**
 * Who to pay, as a saved payee or a recent recipient describes them (their common fields). The
 * overview's "recent recipients" and the payees page open Send money with one in the navigation
 * state (`{ payTo }`), and the picker fills the form from one (issue 18).
 */
export interface PayTo {
  type: TransferType;
  recipientAccount: string;
  recipientName: string;
  bankName: string;
  routingNumber: string | null;
  internationalDetails: InternationalDetails | null;
}

const TYPES: readonly string[] = ['Local Transfer', 'Wire Transfer', 'International Transfer'];
const DETAIL_KEYS = ['recipientFullName', 'recipientBank', 'swiftBic', 'country', 'currency'] as const;

/** The form's values for paying `to`, keeping what was already typed of the amount and purpose. */
export function formValuesFor(
  to: PayTo,
  keep: Pick<TransferFormValues, 'amount' | 'purpose'>,
): TransferFormValues {
  return {
    ...emptyTransfer,
    ...keep,
    type: to.type,
    recipientAccount: to.recipientAccount,
    recipientName: to.recipientName,
    bankName: to.type === 'Wire Transfer' ? to.bankName : BANK_DISPLAY_NAME,
    routingNumber: to.routingNumber ?? '',
    internationalDetails: to.internationalDetails ?? emptyTransfer.internationalDetails,
  };
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length <= 200;

/** The `payTo` of a navigation state, or null: history state is input like any other. */
export function readPayTo(state: unknown): PayTo | null {
  if (typeof state !== 'object' || state === null || !('payTo' in state)) return null;
  const to = (state as { payTo: unknown }).payTo;
  if (typeof to !== 'object' || to === null) return null;
  const v = to as Record<string, unknown>;
  if (!isText(v.type) || !TYPES.includes(v.type)) return null;
  if (!isText(v.recipientAccount) || !isText(v.recipientName) || !isText(v.bankName)) return null;
  if (v.routingNumber !== null && !isText(v.routingNumber)) return null;
  let details: InternationalDetails | null = null;
  if (v.internationalDetails !== null && v.internationalDetails !== undefined) {
    const d = v.internationalDetails as Record<string, unknown>;
    if (typeof d !== 'object' || !DETAIL_KEYS.every((key) => isText(d[key]))) return null;
    details = Object.fromEntries(DETAIL_KEYS.map((key) => [key, d[key]])) as unknown as InternationalDetails;
  }
  return {
    type: v.type as TransferType,
    recipientAccount: v.recipientAccount,
    recipientName: v.recipientName,
    bankName: v.bankName,
    routingNumber: (v.routingNumber as string | null | undefined) ?? null,
    internationalDetails: details,
  };
}

/** The saved payee's id in a navigation state's `payTo` (the payees page sends the payee), or ''. */
export function readPayeeId(state: unknown): string {
  if (readPayTo(state) === null) return '';
  const id = (state as { payTo: { id?: unknown } }).payTo.id;
  return isText(id) ? id : '';
}
