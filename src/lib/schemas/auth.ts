import './zod-config';
import { z } from 'zod';
import { CUSTOMER_PASSWORD_MIN, NAME_MAX, NAME_MIN, PASSWORD_MAX } from '../constants';

/**
 * Every customer-account message: the exact texts of spec §5 and §8, and the additions the real
 * server needs (blocked accounts, rate limits, common passwords, reset links).
 */
export const AUTH_MESSAGES = {
  email: 'Please enter a valid email address.',
  passwordRequired: 'Password is required.',
  fullName: `Full name must be at least ${NAME_MIN} characters.`,
  fullNameMax: `Full name must be at most ${NAME_MAX} characters.`,
  passwordMax: `Password must be at most ${PASSWORD_MAX} characters.`,
  phone: 'Please enter a valid phone number.',
  dateOfBirthRequired: 'Date of birth is required.',
  dateOfBirthInvalid: 'Please enter a valid date of birth.',
  passwordMin: `Password must be at least ${CUSTOMER_PASSWORD_MIN} characters.`,
  /** §8's wording of the same rule, used as the registration error's headline. */
  passwordMinLong: `Password must be at least ${CUSTOMER_PASSWORD_MIN} characters long.`,
  passwordsDontMatch: "Passwords don't match",
  acceptTerms: 'You must accept the terms and conditions.',
  userNotFound: 'User not found. Please check your email address.',
  invalidPassword: 'Invalid password. Please try again.',
  loginFailed: 'Login failed',
  emailTaken: 'An account with this email already exists.',
  registrationFailed: 'Registration failed',
  noAccount: 'No account found with this email address.',
  blocked: 'This account has been blocked. Please contact customer support.',
  commonPassword: 'This password is too common. Please choose one that is harder to guess.',
  notSignedIn: 'Please sign in to continue.',
  resetTokenInvalid: 'This password reset link is not valid. Please request a new one.',
  resetTokenUsed: 'This password reset link has already been used. Please request a new one.',
  resetTokenExpired: 'This password reset link has expired. Please request a new one.',
  /** Followed by how long to wait, e.g. "Try again in 12 minutes." */
  tooManyAttempts: 'Too many attempts.',
} as const;

/** Longest address SMTP can carry (RFC 5321 path limit minus the angle brackets). */
const EMAIL_MAX = 254;
const LOCAL_PART_MAX = 64;
const DOMAIN_LABEL_MAX = 63;
// RFC 5322 dot-atom: atext runs separated by single dots, no dot at either end.
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
// A host name label: letters, digits and inner hyphens.
const DOMAIN_LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$/;

/**
 * Whether `address` is an e-mail address we accept: a dot-atom local part (≤ 64) @ a host name of
 * letter/digit labels (≤ 63 each), at most 254 characters in all. Quoted local parts, comments,
 * folding white space and address literals are refused: RFC 5322 allows them, but no customer
 * types them and many mail systems refuse them. The value is checked as given (trim it first).
 */
export function isValidEmail(address: string): boolean {
  if (address.length > EMAIL_MAX) return false;
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return false;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (local.length > LOCAL_PART_MAX || !LOCAL_PART.test(local)) return false;
  return domain.split('.').every((label) => label.length <= DOMAIN_LABEL_MAX && DOMAIN_LABEL.test(label));
}

/** The form of an e-mail address used for lookups: trimmed and lower-cased. */
export function normalizeEmail(address: string): string {
  return address.trim().toLowerCase();
}

/** An e-mail address field: trimmed, then validated; one message for every failure. */
const emailField = z
  .string({ error: AUTH_MESSAGES.email })
  .trim()
  .refine(isValidEmail, { error: AUTH_MESSAGES.email });

/** A phone number: an optional plus, a non-zero digit, then 1-14 more digits (spec §5). */
export const PHONE_PATTERN = /^\+?[1-9]\d{1,14}$/;

/** Whether `value` is a YYYY-MM-DD calendar date that is not in the future (`today` as YYYY-MM-DD UTC). */
export function isPlausibleBirthDate(value: string, today: string = new Date().toISOString().slice(0, 10)): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  // Round-tripping rejects dates such as 2023-02-30 that Date would roll over.
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
  return value >= '1900-01-01' && value <= today;
}

/** A new password: at least CUSTOMER_PASSWORD_MIN characters. */
const newPasswordField = z
  .string({ error: AUTH_MESSAGES.passwordMin })
  .min(CUSTOMER_PASSWORD_MIN, { error: AUTH_MESSAGES.passwordMin })
  // Argon2 accepts any length; a cap keeps a megabyte "password" from costing hashing time.
  .max(PASSWORD_MAX, { error: AUTH_MESSAGES.passwordMax });

/** Sign-in form and POST /api/auth/login body. */
export const signInSchema = z.object({
  /** The account's e-mail address. */
  email: emailField,
  /** The password as typed (never trimmed). */
  password: z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, { error: AUTH_MESSAGES.passwordRequired }).max(PASSWORD_MAX, { error: AUTH_MESSAGES.passwordMax }),
  /** Remember me: a 30-day persistent cookie instead of a browser-session cookie. */
  remember: z.boolean().optional().default(false),
});
export type SignInInput = z.input<typeof signInSchema>;

/** Sign-up form and POST /api/auth/register body (spec §5). */
export const signUpSchema = z
  .object({
    /** Full name, at least NAME_MIN characters after trimming. */
    fullName: z.string({ error: AUTH_MESSAGES.fullName }).trim().min(NAME_MIN, { error: AUTH_MESSAGES.fullName }).max(NAME_MAX, { error: AUTH_MESSAGES.fullNameMax }),
    /** E-mail address, stored trimmed, unique regardless of case. */
    email: emailField,
    /** Phone number in the spec's pattern (spaces and dashes are not removed). */
    phone: z.string({ error: AUTH_MESSAGES.phone }).trim().regex(PHONE_PATTERN, { error: AUTH_MESSAGES.phone }),
    /** Date of birth as YYYY-MM-DD (the value of an <input type="date">). */
    dateOfBirth: z
      .string({ error: AUTH_MESSAGES.dateOfBirthRequired })
      .trim()
      .min(1, { error: AUTH_MESSAGES.dateOfBirthRequired })
      .refine((v) => isPlausibleBirthDate(v), { error: AUTH_MESSAGES.dateOfBirthInvalid }),
    /** The new password. */
    password: newPasswordField,
    /** Must equal password. */
    confirmPassword: z.string({ error: AUTH_MESSAGES.passwordsDontMatch }),
    /** Must be true. */
    acceptTerms: z.literal(true, { error: AUTH_MESSAGES.acceptTerms }),
  })
  .refine((v) => v.password === v.confirmPassword, { error: AUTH_MESSAGES.passwordsDontMatch, path: ['confirmPassword'] });
export type SignUpInput = z.input<typeof signUpSchema>;

/** Forgot-password form and POST /api/auth/forgot-password body. */
export const forgotPasswordSchema = z.object({
  /** Where the reset link goes. */
  email: emailField,
});
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** Reset-password form and POST /api/auth/reset-password body. */
export const resetPasswordSchema = z
  .object({
    /** The token from the e-mailed link. */
    token: z.string({ error: AUTH_MESSAGES.resetTokenInvalid }).min(1, { error: AUTH_MESSAGES.resetTokenInvalid }).max(200, { error: AUTH_MESSAGES.resetTokenInvalid }),
    /** The new password. */
    password: newPasswordField,
    /** Must equal password. */
    confirmPassword: z.string({ error: AUTH_MESSAGES.passwordsDontMatch }),
  })
  .refine((v) => v.password === v.confirmPassword, { error: AUTH_MESSAGES.passwordsDontMatch, path: ['confirmPassword'] });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** A signed-in customer as the API returns it: never a password hash or a session token. */
export const customerUserSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  /** YYYY-MM-DD. */
  dateOfBirth: z.string(),
  role: z.literal('user'),
  /** ISO 8601 UTC. */
  createdAt: z.string(),
  /** ISO 8601 UTC of the latest sign-in, when there was one. */
  lastLogin: z.string().optional(),
  /** True for a trade customer (their own prices: GET /api/account/prices); absent otherwise. */
  trade: z.literal(true).optional(),
  /** True when that trade customer may pay on account (their account has terms); absent otherwise. */
  payOnAccount: z.literal(true).optional(),
});
export type CustomerUser = z.infer<typeof customerUserSchema>;

/** Body of 200/201 answers of the account routes. */
export const userResponseSchema = z.object({ user: customerUserSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;

/** GET /api/auth/demo: whether demo mode is on and the demo accounts to show on the sign-in page. */
export const demoInfoSchema = z.object({
  enabled: z.boolean(),
  accounts: z.array(z.object({ email: z.string(), password: z.string(), note: z.string() })),
});
export type DemoInfo = z.infer<typeof demoInfoSchema>;
