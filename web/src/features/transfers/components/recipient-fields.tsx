import type { FocusEvent, ReactNode } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import {
  ACCOUNT_FIELD_LENGTH_MAX,
  ACCOUNT_INPUT_LENGTH_MAX,
  LARKSPUR_ROUTING_NUMBER,
  NAME_FIELD_LENGTH_MAX,
  ROUTING_NUMBER_LENGTH,
  WIRE_CUTOFF_LABEL,
} from '@larkspur/contract';
import { TextField } from '@/components/ui/form-field';
import { CountrySelectField, countryHint, CurrencySelectField } from './international-fields';
import type { FxRates } from './international-quote';
import type { RecipientValues } from './transfer-validation';

/** A SWIFT/BIC is 8 or 11 characters (the contract's bicSchema). */
const SWIFT_BIC_LENGTH_MAX = 11;

/** What the group watches; a form's `watch` is one (its other overloads aside). */
type WatchRecipient = (
  names: readonly [
    'type',
    'recipientAccount',
    'internationalDetails.swiftBic',
    'internationalDetails.country',
  ],
) => [RecipientValues['type'], string, string, string];

type Blur = (event: FocusEvent<HTMLInputElement>) => void;

/**
 * The recipient's bank details, one group for Send money and the payee form (decision 0213), so the
 * two cannot drift again: the account number (an IBAN for International), then the name — with the
 * name check's answer directly under it (issue 28) — then a wire's bank and routing number, or the
 * bank abroad, its SWIFT/BIC, country and currency. `leading` comes first (the payee's nickname).
 */
export function RecipientFields({
  register,
  watch,
  errors,
  leading,
  onAccountBlur,
  onNameBlur,
  nameCheck,
  rates,
}: {
  register: UseFormRegister<RecipientValues>;
  watch: WatchRecipient;
  errors: FieldErrors<RecipientValues>;
  leading?: ReactNode;
  /** After the form's own blur: Send money looks the account up. */
  onAccountBlur?: (value: string) => void;
  /** After the form's own blur, with the name as typed: Send money checks it (decision 0155). */
  onNameBlur?: (name: string) => void;
  /** The name check's answer, shown under the name. */
  nameCheck?: ReactNode;
  /** Posted rates, to list the currencies with a current rate first (Send money). */
  rates?: FxRates | undefined;
}) {
  const [type, account, swiftBic, country] = watch([
    'type',
    'recipientAccount',
    'internationalDetails.swiftBic',
    'internationalDetails.country',
  ]);
  const international = type === 'International Transfer';
  const wire = type === 'Wire Transfer';
  const nested = errors.internationalDetails;
  const withBlur = <R extends { onBlur: Blur }>(registration: R, then?: (value: string) => void): R => ({
    ...registration,
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      registration.onBlur(event);
      then?.(event.target.value.trim());
    },
  });
  const nameRegistration = withBlur(
    register(international ? 'internationalDetails.recipientFullName' : 'recipientName'),
    onNameBlur,
  );

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {leading}
      <TextField
        label={international ? 'IBAN or account number' : 'Recipient account number'}
        hint={
          international
            ? 'Their IBAN (e.g. DE89 3704 0044 0532 0130 00), or their account number at their bank.'
            : wire
              ? 'Their account number at their bank: a Larkspur Bank account has 11 digits, starting 409.'
              : 'The 11-digit Larkspur Bank account number, starting 409.'
        }
        inputMode={international ? 'text' : 'numeric'}
        autoComplete="off"
        autoCapitalize={international ? 'characters' : undefined}
        spellCheck={false}
        // An IBAN may be pasted with its spaces; the contract takes them out before counting.
        maxLength={international ? ACCOUNT_INPUT_LENGTH_MAX : ACCOUNT_FIELD_LENGTH_MAX}
        error={errors.recipientAccount?.message}
        className="sm:col-span-2"
        {...withBlur(register('recipientAccount'), onAccountBlur)}
      />
      <div className="sm:col-span-2">
        <TextField
          key={international ? 'full-name' : 'name'}
          label={international ? 'Recipient’s full name' : 'Recipient name'}
          autoComplete="off"
          maxLength={NAME_FIELD_LENGTH_MAX}
          error={international ? nested?.recipientFullName?.message : errors.recipientName?.message}
          {...nameRegistration}
        />
        {nameCheck}
      </div>
      {international ? (
        <>
          <TextField
            label="Recipient’s bank"
            autoComplete="off"
            maxLength={NAME_FIELD_LENGTH_MAX}
            error={nested?.recipientBank?.message}
            {...register('internationalDetails.recipientBank')}
          />
          <TextField
            label="SWIFT/BIC"
            hint="8 or 11 letters and digits, e.g. DEUTDEFF."
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={SWIFT_BIC_LENGTH_MAX}
            error={nested?.swiftBic?.message}
            {...register('internationalDetails.swiftBic')}
          />
          <CountrySelectField
            hint={countryHint(account, swiftBic, country)}
            error={nested?.country?.message}
            {...register('internationalDetails.country')}
          />
          <CurrencySelectField
            rates={rates}
            error={nested?.currency?.message}
            {...register('internationalDetails.currency')}
          />
        </>
      ) : wire ? (
        <>
          <TextField
            label="Bank name"
            autoComplete="off"
            maxLength={NAME_FIELD_LENGTH_MAX}
            error={errors.bankName?.message}
            {...register('bankName')}
          />
          <TextField
            label="Routing number"
            hint={`9 digits (ABA). Larkspur Bank's is ${LARKSPUR_ROUTING_NUMBER}; a wire to another bank is sent by ${WIRE_CUTOFF_LABEL} on business days.`}
            inputMode="numeric"
            autoComplete="off"
            maxLength={ROUTING_NUMBER_LENGTH}
            error={errors.routingNumber?.message}
            {...register('routingNumber')}
          />
        </>
      ) : null}
    </div>
  );
}
