/** How the Products view writes a content conflict's field and values for people. Pure. */

/** How a field reads for people: 'price' → 'Price', 'visual.color' → 'Visual › color', 'withdrawn' → 'On sale'. */
export function fieldLabel(field: string): string {
  if (field === 'withdrawn') return 'On sale';
  const words = field.split('.').map((part) => part.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase());
  const label = words.join(' › ');
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** A conflict value as text: lists one entry a line, specs as 'name: value unit', absent as '(none)'. */
export function formatConflictValue(field: string, value: unknown, side: 'base' | 'content' | 'live'): string {
  if (field === 'withdrawn') {
    if (value === null) return '(not recorded)';
    // base/live hold whether it is withdrawn on that side; content whether content removed it.
    return value ? (side === 'content' ? 'Removed from content' : 'Withdrawn') : 'On sale';
  }
  if (value === null || value === undefined) return side === 'base' ? '(not recorded)' : '(none)';
  if (typeof value === 'number' && /price/i.test(field)) return `$${value.toFixed(2)}`;
  if (Array.isArray(value)) {
    if (value.length === 0) return '(empty)';
    return value
      .map((entry) =>
        entry && typeof entry === 'object' && 'name' in entry && 'value' in entry
          ? `${String((entry as { name: unknown }).name)}: ${String((entry as { value: unknown }).value)}${(entry as { unit?: unknown }).unit ? ` ${String((entry as { unit: unknown }).unit)}` : ''}`
          : typeof entry === 'string'
            ? entry
            : JSON.stringify(entry),
      )
      .join('\n');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
