import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { CASE_NOTE_LENGTH_MAX, caseNoteCreateSchema, type CaseNoteCreate } from '@larkspur/contract';
import { FormAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadMore } from '@/components/ui/load-more';
import { TextAreaField } from '@/components/ui/form-field';
import { reportFormError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useAddCaseNote, useCaseNotes } from '../api/case-notes';
import { formatDateTime } from './format';

/**
 * "Case notes" in a customer's file (issue 19, decision 0153): what staff did or learnt, newest
 * first, with who and when. A note is only added: there is no edit or delete, here or on the server.
 */
export function CaseNotesPanel({ userId }: { userId: string }) {
  const notes = useCaseNotes(userId);
  const add = useAddCaseNote(userId);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CaseNoteCreate>({
    resolver: zodResolver(caseNoteCreateSchema),
    mode: 'onSubmit',
    defaultValues: { text: '' },
  });
  const length = useWatch({ control: form.control, name: 'text' }).trim().length;

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    add.mutate(values.text, {
      onSuccess: () => {
        toast.success('Case note added.');
        form.reset({ text: '' });
      },
      onError: (error) => setFormError(reportFormError(error, { setError: form.setError, fields: ['text'] })),
    });
  });

  const items = notes.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="space-y-5">
      <form noValidate className="space-y-3" onSubmit={(event) => void submit(event)}>
        <TextAreaField
          label="New case note"
          hint={`What you did or learnt, for the next colleague. Notes cannot be changed or removed once added. ${length.toLocaleString('en-US')} of ${CASE_NOTE_LENGTH_MAX.toLocaleString('en-US')} characters.`}
          maxLength={CASE_NOTE_LENGTH_MAX}
          error={form.formState.errors.text?.message}
          {...form.register('text')}
        />
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <Button type="submit" variant="secondary" pending={add.isPending}>
          Add note
        </Button>
      </form>

      {notes.isPending ? (
        <p className="text-sm text-slate-700">Loading notes…</p>
      ) : notes.isError ? (
        <FormAlert>The notes could not be loaded. Reload the page to try again.</FormAlert>
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-700">No case notes yet.</p>
      ) : (
        <div>
          <ol className="space-y-3" aria-label="Case notes, newest first">
            {items.map((note) => (
              <li key={note.id} className="rounded-xl border border-slate-200 bg-slate-50 px-3 py-2">
                <p className="text-sm text-slate-700">
                  <span className="font-medium text-slate-900">
                    {note.authorName ?? 'A former staff member'}
                  </span>
                  {' · '}
                  <time dateTime={note.at}>{formatDateTime(note.at)}</time>
                </p>
                <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-900">{note.text}</p>
              </li>
            ))}
          </ol>
          <LoadMore
            shown={items.length}
            noun={['note', 'notes']}
            hasMore={notes.hasNextPage}
            loading={notes.isFetchingNextPage}
            onLoadMore={() => void notes.fetchNextPage()}
          />
        </div>
      )}
    </div>
  );
}
