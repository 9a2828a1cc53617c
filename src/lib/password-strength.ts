import { CUSTOMER_PASSWORD_MIN, PASSWORD_STRENGTH_MAX } from './constants';

/** The five labels of the strength scale (spec §5), weakest first. */
export const PASSWORD_STRENGTH_LABELS = ['Very Weak', 'Weak', 'Moderate', 'Strong', 'Very Strong'] as const;
export type PasswordStrengthLabel = (typeof PASSWORD_STRENGTH_LABELS)[number];

/** One line of the sign-up checklist. */
export interface PasswordChecklistItem {
  /** Stable key, e.g. 'uppercase'. */
  id: 'length' | 'uppercase' | 'number' | 'special';
  /** Text shown beside the tick. */
  label: string;
  /** Whether the password meets it. */
  met: boolean;
}

/** The strength of a password: score 0-5, its label, the bar fraction and the four-item checklist. */
export interface PasswordStrength {
  score: number;
  label: PasswordStrengthLabel;
  /** score / 5, the width of the meter bar (0 to 1). */
  fraction: number;
  checklist: PasswordChecklistItem[];
}

const UPPERCASE = /\p{Lu}/u;
const LOWERCASE = /\p{Ll}/u;
const DIGIT = /\p{Nd}/u;
// Anything that is neither a letter nor a number counts as a special character (spaces too).
const SPECIAL = /[^\p{L}\p{N}]/u;

/** The label of a score: Very Weak (0-1), Weak (2), Moderate (3), Strong (4), Very Strong (5). */
export function labelPasswordScore(score: number): PasswordStrengthLabel {
  if (score <= 1) return 'Very Weak';
  return PASSWORD_STRENGTH_LABELS[Math.min(score, PASSWORD_STRENGTH_MAX) - 1]!;
}

/** Scores a password per spec §5: one point each for 8+ characters, uppercase, lowercase, digit, special character. */
export function measurePasswordStrength(password: string): PasswordStrength {
  const length = [...password].length >= CUSTOMER_PASSWORD_MIN;
  const uppercase = UPPERCASE.test(password);
  const lowercase = LOWERCASE.test(password);
  const number = DIGIT.test(password);
  const special = SPECIAL.test(password);
  const score = [length, uppercase, lowercase, number, special].filter(Boolean).length;
  return {
    score,
    label: labelPasswordScore(score),
    fraction: score / PASSWORD_STRENGTH_MAX,
    checklist: [
      { id: 'length', label: `At least ${CUSTOMER_PASSWORD_MIN} characters`, met: length },
      { id: 'uppercase', label: 'One uppercase letter', met: uppercase },
      { id: 'number', label: 'One number', met: number },
      { id: 'special', label: 'One special character', met: special },
    ],
  };
}
