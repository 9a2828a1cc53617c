import { describe, expect, it } from 'vitest';
import { isCommonPassword } from '../../../../src/server/auth/passwords';
import { DEMO_CUSTOMERS } from '../../../../src/server/customers/demo';

describe('isCommonPassword', () => {
  it.each([
    'password123',
    'admin123',
    'qwerty123',
    'letmein123',
    'Password1!',
    'Welcome1!',
    'iloveyou1',
    'football2024',
    'abc123456',
    'P@ssw0rd123',
    '11111111',
    'qwertyuiop',
    'QWERTYUIOP',
    'baseball',
    'abcdefgh',
  ])('refuses %s, a common password or one trivially built from it', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it('refuses a long password that only repeats a common one', () => {
    expect(isCommonPassword('password'.repeat(20))).toBe(true);
  });

  it.each([
    'Tr0ub4dor&3-horse',
    'correct-horse-battery-staple',
    'Graphene!Primer#88',
    'Harbour7!Lights',
    'Fresh-Coat-2027',
  ])('accepts %s', (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });

  it("accepts the README's demo accounts' passwords", () => {
    for (const demo of DEMO_CUSTOMERS) expect(isCommonPassword(demo.password), demo.password).toBe(false);
    for (const password of ['Demo-Satin-2026', 'Demo-Primer-2026', 'Demo-Enamel-2026']) expect(isCommonPassword(password)).toBe(false);
  });
});
