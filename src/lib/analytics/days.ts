/**
 * Calendar days in the shop's time zone (an IANA name such as 'America/Chicago'): which local day
 * an instant falls on, and the UTC instants where each local day starts, so the server can bucket
 * orders by the shop's days with plain range comparisons on ISO 8601 UTC text (the same SQL on
 * SQLite and PostgreSQL, right across daylight-saving changes). Pure, no I/O.
 */

/** A calendar date 'YYYY-MM-DD'. */
export type LocalDate = string;

/** One local day and the UTC instants (ISO 8601) where it starts and where the next day starts. */
export interface DayBounds {
  date: LocalDate;
  start: string;
  end: string;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Whether `zone` is a time zone this runtime knows (an IANA name, or 'UTC'). */
export function isTimeZone(zone: string): boolean {
  if (!zone.trim()) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall-clock fields of an instant in a zone. */
function wallClock(instantMs: number, zone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const fields: Record<string, number> = {};
  for (const part of formatterOf(zone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return { year: fields.year!, month: fields.month!, day: fields.day!, hour: fields.hour! % 24, minute: fields.minute!, second: fields.second! };
}

/** The zone's offset from UTC at an instant, in milliseconds (Chicago in winter: -6 h). */
export function zoneOffsetMs(instantMs: number, zone: string): number {
  const w = wallClock(instantMs, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - (instantMs - (((instantMs % 1000) + 1000) % 1000));
}

/** The local date of an instant in a zone: 'YYYY-MM-DD'. */
export function localDateOf(instant: Date | number | string, zone: string): LocalDate {
  const ms = typeof instant === 'number' ? instant : new Date(instant).getTime();
  const w = wallClock(ms, zone);
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** Parses 'YYYY-MM-DD' (a real calendar date) or returns null. */
export function parseLocalDate(text: string): { year: number; month: number; day: number } | null {
  const match = DATE_PATTERN.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** The date `days` days after (or before, when negative) a date. */
export function addDays(date: LocalDate, days: number): LocalDate {
  const parsed = parseLocalDate(date);
  if (!parsed) throw new RangeError(`Not a date: ${date}`);
  return new Date(Date.UTC(parsed.year, parsed.month - 1, parsed.day + days)).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, counting both (1 when they are equal). */
export function countDays(from: LocalDate, to: LocalDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * The UTC instant (ms) where a local date starts in a zone: its midnight, or, where a
 * daylight-saving change skips midnight, the first moment of the day that exists.
 */
export function startOfLocalDay(date: LocalDate, zone: string): number {
  const parsed = parseLocalDate(date);
  if (!parsed) throw new RangeError(`Not a date: ${date}`);
  const wall = Date.UTC(parsed.year, parsed.month - 1, parsed.day);
  // The offset at the guess, then at the corrected instant: two steps settle every real zone.
  let instant = wall - zoneOffsetMs(wall, zone);
  instant = wall - zoneOffsetMs(instant, zone);
  if (localDateOf(instant, zone) !== date) {
    // Midnight does not exist that day (the clock jumped over it): the day starts when the jump lands.
    const after = wall - zoneOffsetMs(instant + 86_400_000, zone);
    const later = Math.max(instant, after);
    for (let t = later - 3 * 3_600_000; t <= later + 3 * 3_600_000; t += 15 * 60_000) {
      if (localDateOf(t, zone) === date) return t;
    }
  }
  return instant;
}

/** Every local day from `from` to `to` (both included) with its UTC start and end, oldest first. */
export function dayBounds(from: LocalDate, to: LocalDate, zone: string): DayBounds[] {
  const days: DayBounds[] = [];
  let date = from;
  let start = startOfLocalDay(date, zone);
  for (let i = 0; i < countDays(from, to); i += 1) {
    const next = addDays(date, 1);
    const end = startOfLocalDay(next, zone);
    days.push({ date, start: new Date(start).toISOString(), end: new Date(end).toISOString() });
    date = next;
    start = end;
  }
  return days;
}
