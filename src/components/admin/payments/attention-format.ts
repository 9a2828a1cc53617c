/** How long ago an instant was, in whole days or else hours: '1 day', '9 days', '3 hours', 'less than an hour'. */
export function describeAge(instant: string, now: Date = new Date()): string {
  const ms = Math.max(0, now.getTime() - new Date(instant).getTime());
  const days = Math.floor(ms / 86_400_000);
  if (days >= 1) return `${days} ${days === 1 ? 'day' : 'days'}`;
  const hours = Math.floor(ms / 3_600_000);
  return hours >= 1 ? `${hours} ${hours === 1 ? 'hour' : 'hours'}` : 'less than an hour';
}
