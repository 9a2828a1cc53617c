import { describe, expect, it } from 'vitest';
import { describeAge } from '../../../../src/components/admin/payments/attention-format';

describe('describeAge', () => {
  const now = new Date('2026-11-29T12:00:00Z');

  it('counts whole days once a day has passed', () => {
    expect(describeAge('2026-11-28T11:00:00Z', now)).toBe('1 day');
    expect(describeAge('2026-11-20T12:00:00Z', now)).toBe('9 days');
  });

  it('counts hours within the first day, and says less than an hour below one', () => {
    expect(describeAge('2026-11-29T09:30:00Z', now)).toBe('2 hours');
    expect(describeAge('2026-11-29T10:59:00Z', now)).toBe('1 hour');
    expect(describeAge('2026-11-29T11:30:00Z', now)).toBe('less than an hour');
  });

  it('reads an instant in the future (a skewed clock) as less than an hour', () => {
    expect(describeAge('2026-11-29T13:00:00Z', now)).toBe('less than an hour');
  });
});
