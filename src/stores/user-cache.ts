/**
 * The non-secret profile cached under 'user-session' for instant UI. Kept apart from the session
 * store so the navbar on every page can read it without loading the store.
 */
import { USER_SESSION_KEY } from '../lib/constants';
import type { CustomerUser } from '../lib/schemas/auth';

/** Whether a cached value looks like a profile we wrote (and nothing secret or foreign). */
function isCachedUser(value: unknown): value is CustomerUser {
  const v = value as Record<string, unknown> | null;
  return !!v && typeof v === 'object' && typeof v.id === 'string' && typeof v.email === 'string' && typeof v.fullName === 'string' && v.role === 'user';
}

/** Reads the cached profile under 'user-session'; an unparseable or foreign value is removed. */
export function readCachedUser(storage: Storage | undefined = globalThis.localStorage): CustomerUser | null {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(USER_SESSION_KEY) ?? null;
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isCachedUser(parsed)) return parsed;
  } catch {
    // Falls through to the removal below.
  }
  storage?.removeItem(USER_SESSION_KEY);
  return null;
}

/** Window event the navbar dispatches after signing out, so islands on the page forget the user. */
export const SIGNED_OUT_EVENT = 'graphene:signed-out';
