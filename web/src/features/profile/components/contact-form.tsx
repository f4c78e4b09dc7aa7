import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { contactFieldsSchema, maritalStatuses, type ContactFields, type Profile } from '@larkspur/contract';
import { FormAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PendingButton } from '@/components/ui/pending-button';
import { SelectField, TextField } from '@/components/ui/form-field';
import { reportFormError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useUpdateContact, type ContactChange } from '../api/update-contact';

type ContactInput = z.input<typeof contactFieldsSchema>;
const contactKeys = ['phone', 'address', 'zipCode', 'country', 'maritalStatus', 'occupation'] as const;

function contactValuesOf(profile: Profile): ContactInput {
  const maritalStatus = maritalStatuses.find((status) => status === profile.maritalStatus);
  return {
    phone: profile.phone,
    address: profile.address,
    zipCode: profile.zipCode,
    country: profile.country,
    // A value outside today's list (none exist) would show as "Choose…" and have to be picked again.
    maritalStatus: maritalStatus ?? ('' as ContactInput['maritalStatus']),
    occupation: profile.occupation,
  };
}

/**
 * The six contact fields a customer may change (PATCH /api/me). Only what changed is sent. While
 * the person has not touched the form it follows the live profile (an edit in another tab shows
 * up here); once they have, their edits stay.
 */
export function ContactForm({ profile }: { profile: Profile }) {
  const form = useForm<ContactInput, unknown, ContactFields>({
    resolver: zodResolver(contactFieldsSchema),
    mode: 'onTouched',
    values: contactValuesOf(profile),
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isDirty } = form.formState;
  const update = useUpdateContact();
  const [formError, setFormError] = useState<string | null>(null);

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    const current = contactValuesOf(profile);
    const change: ContactChange = {};
    for (const key of contactKeys) {
      if (values[key] !== current[key]) Object.assign(change, { [key]: values[key] });
    }
    if (Object.keys(change).length === 0) {
      form.reset(current);
      return;
    }
    update.mutate(change, {
      onSuccess: (saved) => {
        form.reset(contactValuesOf(saved));
        toast.success('Contact details saved.');
      },
      onError: (error) =>
        setFormError(reportFormError(error, { setError: form.setError, fields: contactKeys })),
    });
  });

  return (
    <section
      aria-labelledby="contact-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="contact-heading" className="text-lg font-semibold text-slate-900">
        Contact details
      </h2>
      <p className="mt-1 text-sm text-slate-600">Keep these up to date so we can reach you.</p>
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-5 space-y-5">
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Phone"
            type="tel"
            autoComplete="tel"
            error={errors.phone?.message}
            {...form.register('phone')}
          />
          <TextField
            label="Occupation"
            autoComplete="organization-title"
            error={errors.occupation?.message}
            {...form.register('occupation')}
          />
          <div className="sm:col-span-2">
            <TextField
              label="Address"
              autoComplete="street-address"
              error={errors.address?.message}
              {...form.register('address')}
            />
          </div>
          <TextField
            label="ZIP code"
            autoComplete="postal-code"
            error={errors.zipCode?.message}
            {...form.register('zipCode')}
          />
          <TextField
            label="Country"
            autoComplete="country-name"
            error={errors.country?.message}
            {...form.register('country')}
          />
          <SelectField
            label="Marital status"
            error={errors.maritalStatus ? 'Choose your marital status' : undefined}
            {...form.register('maritalStatus')}
          >
            <option value="">Choose…</option>
            {maritalStatuses.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="flex flex-wrap gap-3">
          <PendingButton type="submit" pending={update.isPending} disabled={!isDirty}>
            Save contact details
          </PendingButton>
          {isDirty ? (
            <Button variant="secondary" onClick={() => form.reset(contactValuesOf(profile))}>
              Discard changes
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
