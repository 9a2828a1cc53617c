import { describe, expect, it } from 'vitest';
import { formatIban } from '../../../src/lib/iban';

describe('formatIban', () => {
  it('prints an IBAN in groups of four, the last group shorter', () => {
    expect(formatIban('GB33BUKB20000055779911')).toBe('GB33 BUKB 2000 0055 7799 11');
  });

  it('regroups one typed with other spacing or in lower case', () => {
    expect(formatIban(' gb33 bukb20000055 779911 ')).toBe('GB33 BUKB 2000 0055 7799 11');
  });

  it('leaves no trailing space when the length is a multiple of four', () => {
    expect(formatIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(formatIban('NL91ABNA0417164300')).toBe('NL91 ABNA 0417 1643 00');
    expect(formatIban('ABCDEFGH')).toBe('ABCD EFGH');
  });
});
