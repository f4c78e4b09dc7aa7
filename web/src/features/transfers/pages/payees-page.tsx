import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BANK_DISPLAY_NAME, type Payee } from '@larkspur/contract';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LoadMore } from '@/components/ui/load-more';
import { Page, Panel } from '@/components/ui/page';
import { Loading, Skeleton } from '@/components/ui/skeleton';
import { PayeesIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format-date';
import { usePageMeta } from '@/lib/page-meta';
import { toast } from '@/lib/toast';
import { useDeletePayee, usePayeePages, useSavePayee, useUpdatePayee } from '../api/payees';
import type { PayTo } from '../components/pay-to';
import { PayeeForm, payeeFormValues } from '../components/payee-form';

function describe(payee: Payee): string {
  const details = payee.internationalDetails;
  if (details) return `${details.recipientBank}, ${details.country} · ${details.swiftBic}`;
  if (payee.type === 'Wire Transfer') return `${payee.bankName} · routing ${payee.routingNumber ?? ''}`;
  return BANK_DISPLAY_NAME;
}

function PayeeRow({
  payee,
  onPay,
  onEdit,
  onDelete,
}: {
  payee: Payee;
  onPay: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const title = payee.nickname ? `${payee.nickname} (${payee.recipientName})` : payee.recipientName;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{title}</p>
        <p className="text-sm text-slate-700">
          {payee.type} · <span className="font-mono [overflow-wrap:anywhere]">{payee.recipientAccount}</span>
        </p>
        <p className="text-sm text-slate-600">
          {describe(payee)} ·{' '}
          {payee.lastPaidAt ? `last paid ${formatDate(payee.lastPaidAt)}` : 'not paid yet'}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={onPay} aria-label={`Pay ${title}`}>
          Pay
        </Button>
        <Button variant="secondary" onClick={onEdit} aria-label={`Edit ${title}`}>
          Edit
        </Button>
        <Button variant="ghost" onClick={onDelete} aria-label={`Delete ${title}`}>
          Delete
        </Button>
      </div>
    </li>
  );
}

/**
 * /user/dashboard/payees (issue 18): the payee book — pay, add by hand, edit, delete. Pages by
 * name from the server; saving or changing a payee makes its next payment ask for the extra check
 * (decision 0157), which the page says.
 */
export function PayeesPage() {
  usePageMeta({ title: 'Payees', description: 'The people and businesses you pay from Larkspur Bank.' });
  const navigate = useNavigate();
  const pages = usePayeePages();
  const save = useSavePayee();
  const update = useUpdatePayee();
  const remove = useDeletePayee();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Payee | null>(null);
  const [deleting, setDeleting] = useState<Payee | null>(null);
  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const first = pages.data?.pages[0];
  const full = first !== undefined && first.total >= first.max;

  const pay = (payee: PayTo) => void navigate(paths.userSendMoney, { state: { payTo: payee } });

  return (
    <Page
      title="Payees"
      intro="The people and businesses you pay. Pick one in Send money, or pay them from here."
      actions={
        <Button onClick={() => setAdding(true)} disabled={full}>
          Add a payee
        </Button>
      }
    >
      <div className="mt-6 space-y-4">
        {full ? (
          <p className="text-sm text-slate-700" role="status">
            You have {first.max} payees, the most you can keep. Delete one to add another.
          </p>
        ) : null}
        <Panel title="Your payees" titleId="payees-heading">
          {pages.isPending ? (
            <Loading label="Loading your payees…">
              <div className="space-y-3">
                <Skeleton className="h-16" />
                <Skeleton className="h-16" />
              </div>
            </Loading>
          ) : pages.isError ? (
            <ErrorState
              title="We could not load your payees"
              message={pages.error.message}
              onRetry={() => void pages.refetch()}
              retrying={pages.isFetching}
            />
          ) : items.length === 0 ? (
            <EmptyState
              icon={PayeesIcon}
              title="No payees yet"
              action={<Button onClick={() => setAdding(true)}>Add a payee</Button>}
            >
              Save someone after paying them (“Save as payee” on the receipt), or add their details here.
            </EmptyState>
          ) : (
            <>
              <ul className="divide-y divide-slate-200">
                {items.map((payee) => (
                  <PayeeRow
                    key={payee.id}
                    payee={payee}
                    onPay={() => pay(payee)}
                    onEdit={() => setEditing(payee)}
                    onDelete={() => setDeleting(payee)}
                  />
                ))}
              </ul>
              <LoadMore
                shown={items.length}
                noun={['payee', 'payees']}
                hasMore={pages.hasNextPage}
                loading={pages.isFetchingNextPage}
                onLoadMore={() => void pages.fetchNextPage()}
              />
            </>
          )}
        </Panel>
        <p className="text-sm text-slate-600">
          For your safety, the first payment to a payee you saved or changed in the last 24 hours asks for
          your passkey or a code we email you.
        </p>
      </div>

      {adding ? (
        <Dialog
          title="Add a payee"
          description="Their details, as you would type them in Send money."
          onDismiss={() => setAdding(false)}
          size="lg"
        >
          <PayeeForm
            initial={payeeFormValues(null)}
            submitLabel="Save payee"
            pending={save.isPending}
            onCancel={() => setAdding(false)}
            onSubmit={async (input) => {
              const saved = await save.mutateAsync(input);
              setAdding(false);
              toast.success(`${saved.recipientName} saved to your payees`);
            }}
          />
        </Dialog>
      ) : null}
      {editing ? (
        <Dialog
          title="Edit payee"
          description={`Change ${editing.recipientName}’s details.`}
          onDismiss={() => setEditing(null)}
          size="lg"
        >
          <PayeeForm
            initial={payeeFormValues(editing)}
            submitLabel="Save changes"
            pending={update.isPending}
            onCancel={() => setEditing(null)}
            onSubmit={async (input) => {
              await update.mutateAsync({ id: editing.id, input });
              setEditing(null);
              toast.success('Payee updated');
            }}
          />
        </Dialog>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title="Delete this payee?"
          description={`${deleting.recipientName} (${deleting.recipientAccount}) leaves your payees. Your past payments to them stay in your transactions.`}
          confirmLabel="Delete payee"
          confirmVariant="danger"
          cancelLabel="Keep payee"
          pending={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                setDeleting(null);
                toast.success('Payee deleted');
              },
              onError: (error) => {
                setDeleting(null);
                toast.error(error.message);
              },
            })
          }
        />
      ) : null}
    </Page>
  );
}
