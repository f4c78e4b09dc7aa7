import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  APPROVER_COOLING_OFF_HOURS,
  STAFF_INVITATION_TTL_HOURS,
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  staffCreateSchema,
  type StaffCreate,
  type StaffMember,
  type StaffRole,
} from '@larkspur/contract';
import { FormAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { SelectField, TextField } from '@/components/ui/form-field';
import { LoadMore } from '@/components/ui/load-more';
import { StatusBadge } from '@/components/ui/status-badge';
import { messageFor } from '@/lib/api-client';
import { reportFormError } from '@/lib/form-errors';
import { usePageMeta } from '@/lib/page-meta';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useCreateStaff } from '../api/create-staff';
import { useStaff } from '../api/get-staff';
import { useStaffInvitation } from '../api/staff-invitation';
import { useUpdateStaff } from '../api/update-staff';
import { AdminPage, Panel } from '../components/admin-page';
import { formatDate } from '../components/format';
import { RowAction } from '../components/row-action';
import { UserStatusBadge } from '../components/status-badge';
import { useCapability } from '../components/use-capability';

/** What each permission set may do, in the words the console shows beside the choice. */
const ROLE_WORDS: Record<StaffRole, string> = {
  operator:
    'Reads the whole back office and serves customers (notes, reset codes, unlock, profile edits); may make manual money requests.',
  approver: 'An operator who also approves loans and others’ money requests, and reviews held checks.',
  administrator: 'Everything: also manages staff, limits, settings and FX rates.',
};

const FIELDS = ['email', 'firstName', 'surname', 'staffRole'] as const;

function CreateStaffForm() {
  const create = useCreateStaff();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<StaffCreate>({
    resolver: zodResolver(staffCreateSchema),
    mode: 'onTouched',
    defaultValues: { email: '', firstName: '', surname: '', staffRole: 'operator' },
  });
  const { errors } = form.formState;
  const chosenRole = useWatch({ control: form.control, name: 'staffRole' });
  const submit = form.handleSubmit((values) => {
    setFormError(null);
    create.mutate(values, {
      onSuccess: (member) => {
        toast.success(
          `We emailed ${member.firstName} ${member.surname} an invitation link to choose their password.`,
        );
        form.reset();
      },
      onError: (error) =>
        setFormError(reportFormError(error, { setError: form.setError, fields: [...FIELDS] })),
    });
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="off"
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <TextField
          label="Surname"
          autoComplete="off"
          error={errors.surname?.message}
          {...form.register('surname')}
        />
        <TextField
          label="Work email"
          type="email"
          autoComplete="off"
          hint="They sign in with it, and their one-time codes are sent to it."
          error={errors.email?.message}
          {...form.register('email')}
        />
        <SelectField
          label="Permission set"
          className="sm:col-span-2"
          hint={ROLE_WORDS[chosenRole]}
          error={errors.staffRole?.message}
          {...form.register('staffRole')}
        >
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {STAFF_ROLE_LABELS[role]}
            </option>
          ))}
        </SelectField>
      </div>
      <Button type="submit" pending={create.isPending}>
        Send invitation
      </Button>
    </form>
  );
}

type Pending =
  | { member: StaffMember; kind: 'role' }
  | { member: StaffMember; kind: 'status' }
  | { member: StaffMember; kind: 'resend' }
  | { member: StaffMember; kind: 'revoke' };

const INVITATION_WORDS = {
  pending: 'Invited',
  expired: 'Invitation expired',
  revoked: 'Invitation withdrawn',
};

/** Send a new invitation link, or withdraw the open one, after a confirmation. */
function InvitationDialog({ pending, onClose }: { pending: Pending; onClose: () => void }) {
  const invitation = useStaffInvitation();
  const [error, setError] = useState<string | null>(null);
  const { member } = pending;
  const name = `${member.firstName} ${member.surname}`;
  const resend = pending.kind === 'resend';
  return (
    <ConfirmDialog
      title={resend ? `Send ${name} a new invitation?` : `Withdraw the invitation of ${name}?`}
      description={
        resend
          ? `We email ${member.email} a new link, valid for ${STAFF_INVITATION_TTL_HOURS} hours; any earlier link stops working.`
          : 'Their link stops working at once. They stay on the list as invited; you can send a new link later.'
      }
      confirmLabel={resend ? 'Send new link' : 'Withdraw link'}
      confirmVariant={resend ? 'primary' : 'danger'}
      pending={invitation.isPending}
      onConfirm={() => {
        setError(null);
        invitation.mutate(
          { id: member.id, action: resend ? 'resend' : 'revoke' },
          {
            onSuccess: () => {
              toast.success(
                resend ? `A new link is on its way to ${name}.` : `The invitation of ${name} is withdrawn.`,
              );
              onClose();
            },
            onError: (e) => setError(messageFor(e)),
          },
        );
      }}
      onCancel={onClose}
    >
      {error ? (
        <div className="mb-4">
          <FormAlert>{error}</FormAlert>
        </div>
      ) : null}
    </ConfirmDialog>
  );
}

/** Change set, or disable/enable, each after a confirmation that names the effect. */
function StaffChangeDialog({ pending, onClose }: { pending: Pending; onClose: () => void }) {
  const update = useUpdateStaff();
  const { member } = pending;
  const [role, setRole] = useState<StaffRole>(member.staffRole);
  const [error, setError] = useState<string | null>(null);
  const name = `${member.firstName} ${member.surname}`;
  const disabling = member.status === 'active';
  const run = (body: { staffRole?: StaffRole; status?: 'active' | 'suspended' }, done: string) => {
    setError(null);
    update.mutate(
      { id: member.id, ...body },
      {
        onSuccess: () => {
          toast.success(done);
          onClose();
        },
        onError: (e) => setError(messageFor(e)),
      },
    );
  };
  if (pending.kind === 'role') {
    return (
      <ConfirmDialog
        title={`Permission set of ${name}`}
        description={`The change applies to their very next action; they stay signed in. For ${APPROVER_COOLING_OFF_HOURS} hours after a change they cannot approve money requests or loans or release held checks, and you cannot approve their requests.`}
        confirmLabel="Save permission set"
        pending={update.isPending}
        onConfirm={() =>
          role === member.staffRole
            ? setError('Choose a different permission set, or cancel.')
            : run({ staffRole: role }, `${name} is now ${STAFF_ROLE_LABELS[role].toLowerCase()}.`)
        }
        onCancel={onClose}
      >
        <div className="mb-4 space-y-3">
          <SelectField
            label="Permission set"
            value={role}
            hint={ROLE_WORDS[role]}
            onChange={(event) => setRole(event.target.value as StaffRole)}
          >
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {STAFF_ROLE_LABELS[r]}
              </option>
            ))}
          </SelectField>
          {error ? <FormAlert>{error}</FormAlert> : null}
        </div>
      </ConfirmDialog>
    );
  }
  return (
    <ConfirmDialog
      title={disabling ? `Disable ${name}?` : `Enable ${name}?`}
      description={
        disabling
          ? 'They are signed out everywhere at once and cannot sign in until enabled again. What they did stays in the audit log.'
          : 'They can sign in again with their email, password and an emailed code.'
      }
      confirmLabel={disabling ? 'Disable' : 'Enable'}
      confirmVariant={disabling ? 'danger' : 'primary'}
      pending={update.isPending}
      onConfirm={() =>
        run(
          { status: disabling ? 'suspended' : 'active' },
          disabling ? `${name} is disabled.` : `${name} is enabled.`,
        )
      }
      onCancel={onClose}
    >
      {error ? (
        <div className="mb-4">
          <FormAlert>{error}</FormAlert>
        </div>
      ) : null}
    </ConfirmDialog>
  );
}

function StaffTable() {
  const staff = useStaff();
  const myId = useSession().data?.user?.id;
  const [pending, setPending] = useState<Pending | null>(null);
  const rows = staff.data?.pages.flatMap((page) => page.items) ?? [];
  // Two columns, so the whole row (actions included) fits a 375 px phone (decision 0152).
  const columns: DataColumn<StaffMember>[] = [
    {
      id: 'member',
      header: 'Staff member',
      rowHeader: true,
      cell: (m) => (
        <span className="block min-w-0">
          <span className="block font-medium text-slate-900">
            {m.firstName} {m.surname}
            {m.id === myId ? ' (you)' : ''}
          </span>
          <span className="block text-sm font-normal break-all text-slate-700">{m.email}</span>
          <span className="mt-1 flex flex-wrap items-center gap-2 font-normal">
            <span className="font-semibold text-slate-900">{STAFF_ROLE_LABELS[m.staffRole]}</span>
            {m.invitation ? (
              <StatusBadge tone={m.invitation.state === 'pending' ? 'info' : 'warning'}>
                {INVITATION_WORDS[m.invitation.state]}
              </StatusBadge>
            ) : (
              <UserStatusBadge status={m.status} />
            )}
            <span className="text-xs text-slate-600">
              {m.invitation?.state === 'pending'
                ? `link valid until ${formatDate(m.invitation.expiresAt)}`
                : `since ${formatDate(m.createdAt)}`}
            </span>
          </span>
        </span>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (m) => {
        const name = `${m.firstName} ${m.surname}`;
        return (
          <span className="flex flex-col items-stretch gap-2 sm:flex-row sm:items-center">
            <RowAction
              onClick={() => setPending({ member: m, kind: 'role' })}
              aria-label={`Change the permission set of ${name}`}
              className="whitespace-nowrap"
            >
              Change set
            </RowAction>
            {m.invitation ? (
              <RowAction
                onClick={() => setPending({ member: m, kind: 'resend' })}
                aria-label={`Send ${name} a new invitation link`}
                className="whitespace-nowrap"
              >
                Resend invitation
              </RowAction>
            ) : null}
            {m.invitation?.state === 'pending' ? (
              <RowAction
                onClick={() => setPending({ member: m, kind: 'revoke' })}
                aria-label={`Withdraw the invitation of ${name}`}
                className="whitespace-nowrap text-red-800 ring-red-200 hover:bg-red-50"
              >
                Withdraw
              </RowAction>
            ) : null}
            {m.id !== myId && m.status !== 'closed' && !m.invitation ? (
              <RowAction
                onClick={() => setPending({ member: m, kind: 'status' })}
                aria-label={`${m.status === 'active' ? 'Disable' : 'Enable'} ${name}`}
                className={`whitespace-nowrap ${m.status === 'active' ? 'text-red-800 ring-red-200 hover:bg-red-50' : ''}`}
              >
                {m.status === 'active' ? 'Disable' : 'Enable'}
              </RowAction>
            ) : null}
          </span>
        );
      },
    },
  ];
  return (
    <div>
      <DataTable
        caption="Staff list"
        hideCaption
        columns={columns}
        rows={rows}
        rowKey={(m) => m.id}
        pending={staff.isPending}
        error={staff.isError ? staff.error.message : null}
        onRetry={() => void staff.refetch()}
        retrying={staff.isRefetching}
        empty="No staff yet."
        minWidthClass="min-w-0"
      />
      {staff.isSuccess ? (
        <LoadMore
          shown={rows.length}
          noun={['staff member', 'staff members']}
          hasMore={staff.hasNextPage}
          loading={staff.isFetchingNextPage}
          onLoadMore={() => void staff.fetchNextPage()}
        />
      ) : null}
      {pending?.kind === 'resend' || pending?.kind === 'revoke' ? (
        <InvitationDialog pending={pending} onClose={() => setPending(null)} />
      ) : pending ? (
        <StaffChangeDialog pending={pending} onClose={() => setPending(null)} />
      ) : null}
    </div>
  );
}

/**
 * /admin/dashboard/staff (issue 19, decision 0168): who works in the back office, with which
 * permission set; administrators add staff, change their set, disable and enable them. The bank
 * always keeps one active administrator (the server refuses otherwise, and says so here).
 */
export function AdminStaffPage() {
  usePageMeta({
    title: 'Staff',
    description: 'Staff members of the back office and their permission sets.',
  });
  const canManage = useCapability('staff.manage');
  return (
    <AdminPage title="Staff" intro="Who works in the back office, and what each may do.">
      {canManage ? (
        <>
          <Panel title="Staff members">
            <StaffTable />
          </Panel>
          <Panel
            title="Invite a staff member"
            description={`We email them a link, valid for ${STAFF_INVITATION_TTL_HOURS} hours, to choose their own password; then they sign in at the staff sign-in with it and an emailed code.`}
          >
            <CreateStaffForm />
          </Panel>
        </>
      ) : (
        <p
          role="status"
          className="rounded-2xl border border-slate-200 bg-white p-5 text-slate-800 shadow-sm"
        >
          Only an administrator manages staff. Ask one of them to change your permission set if you need to.
        </p>
      )}
    </AdminPage>
  );
}
