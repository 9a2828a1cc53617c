/** How the users list tells when a customer last signed in (spec §9 'Last login text'). */

const HOUR_MS = 3_600_000;
/** Under this many hours: 'Nh ago'; from here up to LAST_LOGIN_DAYS_UNTIL_HOURS: 'Nd ago'. */
export const LAST_LOGIN_HOURS_UNTIL = 24;
/** From this many hours on, a date. */
export const LAST_LOGIN_DAYS_UNTIL_HOURS = 168;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** 'Nov 3, 2026' in a time zone (the browser's when none is given). */
function formatDate(date: Date, timeZone?: string): string {
  const key = timeZone ?? '';
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', ...(timeZone ? { timeZone } : {}) });
    dateFormats.set(key, format);
  }
  return format.format(date);
}

/**
 * 'Never' without a sign-in; 'Just now' under 1 hour (a time a little in the future, from clock
 * skew, too); 'Nh ago' under 24 hours; 'Nd ago' under 168 hours; otherwise the date.
 */
export function formatLastLogin(lastLogin: string | null | undefined, now: Date = new Date(), timeZone?: string): string {
  if (!lastLogin) return 'Never';
  const at = new Date(lastLogin);
  if (Number.isNaN(at.getTime())) return 'Never';
  const hours = Math.floor((now.getTime() - at.getTime()) / HOUR_MS);
  if (hours < 1) return 'Just now';
  if (hours < LAST_LOGIN_HOURS_UNTIL) return `${hours}h ago`;
  if (hours < LAST_LOGIN_DAYS_UNTIL_HOURS) return `${Math.floor(hours / 24)}d ago`;
  return formatDate(at, timeZone);
}
