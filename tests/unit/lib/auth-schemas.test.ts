import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AUTH_MESSAGES,
  forgotPasswordSchema,
  isPlausibleBirthDate,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from '../../../src/lib/schemas/auth';

/** The first message per field of a failed parse. */
function fieldErrors(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.') || '_'] ??= issue.message;
  return out;
}

const validSignUp = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+12145550123',
  dateOfBirth: '1990-05-17',
  password: 'Harbour7!Lights',
  confirmPassword: 'Harbour7!Lights',
  acceptTerms: true,
};

describe('signInSchema', () => {
  it('accepts an e-mail and a password, remember defaulting to false', () => {
    expect(signInSchema.parse({ email: 'a@b.co', password: 'x' })).toEqual({ email: 'a@b.co', password: 'x', remember: false });
  });

  it('gives the spec messages for a bad e-mail and a missing password', () => {
    expect(fieldErrors(signInSchema, { email: 'nope', password: '' })).toEqual({
      email: 'Please enter a valid email address.',
      password: 'Password is required.',
    });
    expect(fieldErrors(signInSchema, {})).toEqual({ email: 'Please enter a valid email address.', password: 'Password is required.' });
  });
});

describe('signUpSchema', () => {
  it('accepts a complete form, trimming name and e-mail', () => {
    expect(signUpSchema.parse({ ...validSignUp, fullName: '  Ada Lovelace ', email: ' ada@example.com ' })).toMatchObject({
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
    });
  });

  it('gives every field message of spec §5', () => {
    expect(
      fieldErrors(signUpSchema, {
        fullName: 'A',
        email: 'ada@',
        phone: '0123',
        dateOfBirth: '',
        password: 'short',
        confirmPassword: 'short',
        acceptTerms: false,
      }),
    ).toEqual({
      fullName: 'Full name must be at least 2 characters.',
      email: 'Please enter a valid email address.',
      phone: 'Please enter a valid phone number.',
      dateOfBirth: 'Date of birth is required.',
      password: 'Password must be at least 8 characters.',
      acceptTerms: 'You must accept the terms and conditions.',
    });
  });

  it("puts 'Passwords don't match' on confirmPassword", () => {
    expect(fieldErrors(signUpSchema, { ...validSignUp, confirmPassword: 'Harbour7!Light' })).toEqual({ confirmPassword: "Passwords don't match" });
  });

  it.each(['+12145550123', '12', '447911123456', '+123456789012345'])('accepts the phone number %s', (phone) => {
    expect(signUpSchema.safeParse({ ...validSignUp, phone }).success).toBe(true);
  });

  it.each(['', '1', '+0123456', '0123456', '+1234567890123456', '214-555-0123', '+1 214 555 0123', 'phone'])(
    'refuses the phone number %j',
    (phone) => {
      expect(fieldErrors(signUpSchema, { ...validSignUp, phone })).toEqual({ phone: AUTH_MESSAGES.phone });
    },
  );

  it('refuses a date of birth that is not a real past date', () => {
    for (const dateOfBirth of ['1990-02-30', '17/05/1990', '2999-01-01']) {
      expect(fieldErrors(signUpSchema, { ...validSignUp, dateOfBirth }), dateOfBirth).toEqual({ dateOfBirth: 'Please enter a valid date of birth.' });
    }
  });

  it('requires acceptTerms to be exactly true', () => {
    for (const acceptTerms of [false, 'true', undefined]) {
      expect(fieldErrors(signUpSchema, { ...validSignUp, acceptTerms })).toEqual({ acceptTerms: AUTH_MESSAGES.acceptTerms });
    }
  });
});

describe('isPlausibleBirthDate', () => {
  it('accepts past calendar dates up to today and refuses the rest', () => {
    expect(isPlausibleBirthDate('2000-02-29', '2026-11-22')).toBe(true);
    expect(isPlausibleBirthDate('2026-11-22', '2026-11-22')).toBe(true);
    expect(isPlausibleBirthDate('2026-11-23', '2026-11-22')).toBe(false);
    expect(isPlausibleBirthDate('2001-02-29', '2026-11-22')).toBe(false);
    expect(isPlausibleBirthDate('1899-12-31', '2026-11-22')).toBe(false);
  });
});

describe('forgot and reset schemas', () => {
  it('forgot-password needs a valid e-mail', () => {
    expect(fieldErrors(forgotPasswordSchema, { email: 'x' })).toEqual({ email: AUTH_MESSAGES.email });
  });

  it('reset-password needs a token, an 8-character password and a matching confirmation', () => {
    expect(fieldErrors(resetPasswordSchema, { token: '', password: 'short', confirmPassword: 'short' })).toEqual({
      token: AUTH_MESSAGES.resetTokenInvalid,
      password: AUTH_MESSAGES.passwordMin,
    });
    expect(fieldErrors(resetPasswordSchema, { token: 't', password: 'longenough', confirmPassword: 'longenougH' })).toEqual({
      confirmPassword: "Passwords don't match",
    });
  });
});
