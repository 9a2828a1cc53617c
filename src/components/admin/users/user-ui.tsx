/** Small pieces the Users view and the customer panel share. */
import { ADMIN_USER_MESSAGES } from '../../../lib/schemas/admin-users';

/** What staff asked to do to a customer, waiting for their confirmation. */
export interface UserAction {
  kind: 'block' | 'unblock' | 'delete';
  user: { id: string; fullName: string };
}

/** The exact question (spec §5 Confirmations), the explanation and the button of each action. */
export const USER_ACTION_TEXTS: Record<UserAction['kind'], { question: string; describe: (name: string) => string; confirm: string }> = {
  block: {
    question: ADMIN_USER_MESSAGES.confirmBlock,
    describe: (name) => `${name} is signed out everywhere at once and cannot sign in or reset their password until unblocked.`,
    confirm: 'Block user',
  },
  unblock: {
    question: ADMIN_USER_MESSAGES.confirmUnblock,
    describe: (name) => `${name} can sign in to the shop again.`,
    confirm: 'Unblock user',
  },
  delete: {
    question: ADMIN_USER_MESSAGES.confirmDelete,
    describe: (name) => `${name}'s account and personal data are erased. Their orders stay in the shop's records, no longer linked to an account.`,
    confirm: 'Delete user',
  },
};

/** Active or Blocked, as a compact badge. */
export function UserStatusBadge({ blocked, size = 'sm' }: { blocked: boolean; size?: 'sm' | 'md' }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full font-semibold whitespace-nowrap ring-1 ring-inset ${
        blocked ? 'bg-red-50 text-red-800 ring-red-300' : 'bg-emerald-50 text-emerald-800 ring-emerald-300'
      } ${size === 'md' ? 'px-3 py-1 text-sm' : 'px-2.5 py-0.5 text-xs'}`}
    >
      <span className={`h-1.5 w-1.5 rounded-full ${blocked ? 'bg-red-600' : 'bg-emerald-600'}`} aria-hidden="true" />
      {blocked ? 'Blocked' : 'Active'}
    </span>
  );
}

/** The initials of a name for the avatar circle. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}
