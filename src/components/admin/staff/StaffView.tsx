import { useStore } from '@nanostores/react';
import { useId, useRef, useState } from 'react';
import { ROLE_LABELS, STAFF_ROLES, type StaffMember, type StaffRole } from '../../../lib/schemas/admin';
import { STAFF_MESSAGES } from '../../../lib/schemas/admin-staff';
import { useQuery } from '../../../stores/admin-query';
import { $admin } from '../../../stores/admin-session';
import { $staffList, changeStaffMember, sendStaffResetLink } from '../../../stores/admin-staff';
import { ConfirmDialog } from '../products/ConfirmDialog';
import { BUTTONS, FIELD_BOX, PlusIcon } from '../products/ui';
import { SkeletonRows } from '../ListParts';
import { AddStaffDialog } from './AddStaffDialog';
import { formatLastLogin } from '../../../lib/last-login';

/** A change waiting for its confirmation. */
type Pending = { kind: 'role'; member: StaffMember; role: StaffRole } | { kind: 'active'; member: StaffMember; active: boolean } | { kind: 'reset'; member: StaffMember };

/** Active / Deactivated as a small badge. */
function ActiveBadge({ active }: { active: boolean }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${
        active ? 'bg-emerald-50 text-emerald-800 ring-emerald-300' : 'bg-slate-100 text-slate-700 ring-slate-300'
      }`}
    >
      <span className={`h-1.5 w-1.5 rounded-full ${active ? 'bg-emerald-600' : 'bg-slate-500'}`} aria-hidden="true" />
      {active ? 'Active' : 'Deactivated'}
    </span>
  );
}

/** The role of a member as a select; a choice asks for confirmation before it applies. */
function RoleSelect({ member, onPick }: { member: StaffMember; onPick: (role: StaffRole) => void }) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        Role of {member.name}
      </label>
      <select id={id} value={member.role} onChange={(e) => onPick(e.target.value as StaffRole)} className={`${FIELD_BOX} w-full border-ink/15 pr-9 text-sm font-medium`}>
        {STAFF_ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </select>
    </>
  );
}

/** The actions of a row: send a reset link, deactivate or reactivate. */
function RowActions({ member, onAsk }: { member: StaffMember; onAsk: (pending: Pending) => void }) {
  const small = 'inline-flex min-h-11 items-center justify-center rounded-lg px-3 text-sm font-semibold whitespace-nowrap';
  return (
    <div className="flex flex-wrap items-center gap-1.5 @4xl:justify-end">
      {member.active && (
        <button type="button" onClick={() => onAsk({ kind: 'reset', member })} className={`${small} border border-line bg-white text-ink hover:border-ink`} aria-label={`Send reset link to ${member.name}`}>
          Send reset link
        </button>
      )}
      {member.active ? (
        <button type="button" onClick={() => onAsk({ kind: 'active', member, active: false })} className={`${small} border border-danger/40 bg-white text-danger hover:border-danger hover:bg-danger-soft`} aria-label={`Deactivate ${member.name}`}>
          Deactivate
        </button>
      ) : (
        <button type="button" onClick={() => onAsk({ kind: 'active', member, active: true })} className={`${small} bg-ink text-paper hover:bg-ink-soft`} aria-label={`Reactivate ${member.name}`}>
          Reactivate
        </button>
      )}
    </div>
  );
}

/** What the confirmation of a pending change says. */
function confirmation(pending: Pending, selfId: string | undefined): { title: string; description: string; confirmLabel: string; tone: 'danger' | 'primary' } {
  const { member } = pending;
  const self = member.id === selfId;
  if (pending.kind === 'role') {
    return {
      title: `Change ${member.name}'s role to ${ROLE_LABELS[pending.role]}?`,
      description: `${self ? 'You are' : `${member.name} is`} signed out everywhere at once and ${self ? 'sign' : 'signs'} in again with the views of the new role.`,
      confirmLabel: 'Change role',
      tone: 'primary',
    };
  }
  if (pending.kind === 'reset') {
    return {
      title: `Send ${member.name} a password reset link?`,
      description: `A single-use link that works for 1 hour goes to ${member.email}. Their password and sessions stay as they are until they use it.`,
      confirmLabel: 'Send reset link',
      tone: 'primary',
    };
  }
  return pending.active
    ? { title: STAFF_MESSAGES.confirmReactivate, description: `${member.name} (${member.email}) can sign in again with their password.`, confirmLabel: 'Reactivate', tone: 'primary' }
    : {
        title: STAFF_MESSAGES.confirmDeactivate,
        description: `${member.name} (${member.email}) is signed out everywhere at once and can no longer sign in. Password links already sent stop working.`,
        confirmLabel: 'Deactivate',
        tone: 'danger',
      };
}

/** The staff list's placeholder rows: name, e-mail, role. */
function StaffSkeletonRows() {
  return <SkeletonRows count={5} row="flex h-[4.25rem] items-center gap-4" cells={['h-3.5 w-40 rounded', 'hidden h-3.5 flex-1 rounded md:block', 'h-5 w-20 rounded-full']} />;
}

/**
 * Staff accounts (super_admin only): every member with role, state and last sign-in; Add staff;
 * the role select, Deactivate / Reactivate and Send reset link, each confirmed first. The server
 * refuses to deactivate or demote the last active super admin; its message shows as a toast.
 */
export function StaffView() {
  const admin = useStore($admin);
  const { data, error } = useQuery($staffList);
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const staff = data?.staff;
  const activeCount = staff?.filter((s) => s.active).length ?? 0;

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    if (pending.kind === 'role') await changeStaffMember(pending.member.id, { role: pending.role });
    else if (pending.kind === 'active') await changeStaffMember(pending.member.id, { active: pending.active });
    else await sendStaffResetLink(pending.member.id);
    setBusy(false);
    setPending(null);
  };

  const dialog = pending ? confirmation(pending, admin?.id) : null;

  return (
    <div className="flex h-full min-h-0 flex-col overflow-y-auto">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-3 px-4 pt-5 pb-4 sm:px-6">
        <div>
          <h1 className="font-display text-2xl font-semibold text-ink sm:text-3xl">Staff</h1>
          <p className="mt-0.5 min-h-5 text-sm text-ink-muted tabular" aria-live="polite">
            {staff ? `${staff.length} ${staff.length === 1 ? 'member' : 'members'} · ${activeCount} active` : '\u00a0'}
          </p>
        </div>
        <button ref={addButton} type="button" onClick={() => setAdding(true)} className={BUTTONS.accent}>
          <PlusIcon />
          Add staff
        </button>
      </div>

      <div className="@container mx-0 mb-6 border-y border-line bg-white sm:mx-6 sm:rounded-xl sm:border sm:shadow-card">
        {error && !staff ? (
          <div role="alert" className="p-6 text-sm">
            <p className="font-semibold text-danger">The staff list could not be loaded.</p>
            <p className="mt-1 text-ink-muted">{error instanceof Error ? error.message : String(error)}</p>
            <button type="button" onClick={() => $staffList.refresh()} className={`${BUTTONS.quiet} mt-3`}>
              Try again
            </button>
          </div>
        ) : !staff ? (
          <StaffSkeletonRows />
        ) : (
          <table className="w-full border-separate border-spacing-0 text-[0.9375rem]">
            <caption className="sr-only">Staff members by name</caption>
            <thead className="hidden @3xl:table-header-group">
              <tr>
                {['Member', 'Status', 'Role', 'Last sign-in', 'Actions'].map((h, i) => (
                  <th
                    key={h}
                    scope="col"
                    className={`border-b border-line bg-paper px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-ink-muted uppercase first:pl-6 last:pr-6 ${i === 1 ? 'w-[8.5rem]' : ''} ${i === 2 ? 'w-[14rem]' : ''} ${i === 3 ? 'w-[8.5rem]' : ''} ${i === 4 ? 'text-right' : ''}`}
                  >
                    {h === 'Actions' ? <span className="sr-only">Actions</span> : h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {staff.map((member) => {
                const self = member.id === admin?.id;
                return (
                  <tr key={member.id} className={`grid grid-cols-[1fr_auto] gap-x-3 gap-y-2 border-b border-line px-4 py-3 @3xl:table-row @3xl:p-0 ${member.active ? 'bg-white' : 'bg-paper'}`}>
                    <th scope="row" className="min-w-0 text-left font-normal @3xl:border-b @3xl:border-line @3xl:py-3 @3xl:pr-3 @3xl:pl-6">
                      <span className={`block truncate font-semibold ${member.active ? 'text-ink' : 'text-ink-soft'}`}>
                        {member.name}
                        {self && <span className="ml-2 rounded-full bg-canvas px-2 py-0.5 align-middle text-xs font-semibold text-ink-soft">You</span>}
                      </span>
                      <span className="block truncate text-sm text-ink-muted">{member.email}</span>
                    </th>
                    <td className="self-start @3xl:border-b @3xl:border-line @3xl:px-3 @3xl:py-3 @3xl:align-middle">
                      <ActiveBadge active={member.active} />
                    </td>
                    <td className="col-span-2 @3xl:border-b @3xl:border-line @3xl:px-3 @3xl:py-3 @3xl:align-middle">
                      <RoleSelect member={member} onPick={(role) => role !== member.role && setPending({ kind: 'role', member, role })} />
                    </td>
                    <td className="col-span-2 text-sm text-ink-soft @3xl:border-b @3xl:border-line @3xl:px-3 @3xl:py-3 @3xl:align-middle">
                      <span className="@3xl:hidden">Last sign-in: </span>
                      {member.lastLogin ? (
                        <time dateTime={member.lastLogin} title={new Date(member.lastLogin).toLocaleString('en-US')} className="tabular">
                          {formatLastLogin(member.lastLogin)}
                        </time>
                      ) : (
                        'Never'
                      )}
                    </td>
                    <td className="col-span-2 @3xl:border-b @3xl:border-line @3xl:py-3 @3xl:pr-6 @3xl:pl-3 @3xl:align-middle">
                      <RowActions member={member} onAsk={setPending} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </div>

      {adding && <AddStaffDialog onClose={() => setAdding(false)} returnFocusTo={() => addButton.current} />}
      {pending && dialog && (
        <ConfirmDialog
          title={dialog.title}
          description={dialog.description}
          confirmLabel={dialog.confirmLabel}
          tone={dialog.tone}
          busy={busy}
          onConfirm={() => void confirm()}
          onClose={() => setPending(null)}
          returnFocusTo={() => addButton.current}
        />
      )}
    </div>
  );
}
