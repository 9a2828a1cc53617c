import './zod-config';
import { z } from 'zod';
import { CONTACT_MESSAGE_MIN, ENQUIRY_MESSAGE_MAX, ENQUIRY_NAME_MAX, ENQUIRY_SUBJECT_MAX, NAME_MIN, QUOTE_QUANTITY_MAX } from '../constants';
import { formatWhole } from '../money';
import { AUTH_MESSAGES, isValidEmail } from './auth';

/** Every message of the contact and quote forms (the e-mail and phone texts are those of sign-up). */
export const ENQUIRY_MESSAGES = {
  nameMin: AUTH_MESSAGES.fullName,
  nameMax: `Full name must be at most ${ENQUIRY_NAME_MAX} characters.`,
  email: AUTH_MESSAGES.email,
  phone: AUTH_MESSAGES.phone,
  subjectMax: `Subject must be at most ${ENQUIRY_SUBJECT_MAX} characters.`,
  messageMin: `Please write a message of at least ${CONTACT_MESSAGE_MIN} characters.`,
  messageMax: `Message must be at most ${formatWhole(ENQUIRY_MESSAGE_MAX)} characters.`,
  productRequired: 'Please choose a product to quote.',
  quantity: `Quantity must be a whole number from 1 to ${formatWhole(QUOTE_QUANTITY_MAX)}.`,
  productNotFound: 'This product is no longer in our catalogue. Please choose another product.',
} as const;

/**
 * The digits of a phone number as people type it: spaces, dots, dashes, slashes and brackets go,
 * a national '(0)' after a country code goes ('+44 (0)20 ...'), and a leading 00 becomes '+'.
 */
export function normalizePhone(value: string): string {
  let v = value.trim();
  if (v.startsWith('+')) v = v.replace(/\(0\)/, '');
  v = v.replace(/[\s.\-/()]/g, '');
  return v.startsWith('00') ? `+${v.slice(2)}` : v;
}

/**
 * Whether `value` is a phone number we can call back: international (+, a non-zero digit, 7-15
 * digits in all) or national (at most one leading 0, then 6-15 digits), after normalizePhone.
 */
export function isValidContactPhone(value: string): boolean {
  // As typed: starts with +, ( or a digit, ends with a digit, and no two separators in a row
  // ('-2147483648/-1' is arithmetic, not a number anyone can call).
  if (!/^[+(]?\d[\d\s.\-/()]*\d$/.test(value.trim()) || /[.\-/]{2,}|[.\-/]\s*[.\-/]/.test(value)) return false;
  const v = normalizePhone(value);
  return /^\+[1-9]\d{6,14}$/.test(v) || /^0?[1-9]\d{5,14}$/.test(v);
}

/** Turns an empty or blank text into undefined, so optional fields may be sent as ''. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v === null ? undefined : v);

/** A person's name, trimmed. */
const nameField = z
  .string({ error: ENQUIRY_MESSAGES.nameMin })
  .trim()
  .min(NAME_MIN, { error: ENQUIRY_MESSAGES.nameMin })
  .max(ENQUIRY_NAME_MAX, { error: ENQUIRY_MESSAGES.nameMax });

/** An e-mail address to reply to, trimmed. */
const emailField = z
  .string({ error: ENQUIRY_MESSAGES.email })
  .trim()
  .refine(isValidEmail, { error: ENQUIRY_MESSAGES.email });

/** An optional phone number, kept as typed (trimmed, spaces collapsed) once its digits check out. */
const phoneField = z.preprocess(
  blankToUndefined,
  z
    .string({ error: ENQUIRY_MESSAGES.phone })
    .max(32, { error: ENQUIRY_MESSAGES.phone })
    .transform((v) => v.trim().replace(/\s+/g, ' '))
    .refine(isValidContactPhone, { error: ENQUIRY_MESSAGES.phone })
    .optional(),
);

/** Contact form and POST /api/contact body. */
export const contactMessageInputSchema = z.object({
  /** Sender's full name, NAME_MIN..ENQUIRY_NAME_MAX characters after trimming. */
  name: nameField,
  /** Where the reply goes. */
  email: emailField,
  /** Optional phone number for a call back (UK, US and international formats). */
  phone: phoneField,
  /** Optional subject line; blank means none. */
  subject: z.preprocess(
    blankToUndefined,
    z.string({ error: ENQUIRY_MESSAGES.subjectMax }).trim().max(ENQUIRY_SUBJECT_MAX, { error: ENQUIRY_MESSAGES.subjectMax }).optional(),
  ),
  /** The message, CONTACT_MESSAGE_MIN..ENQUIRY_MESSAGE_MAX characters after trimming. */
  message: z
    .string({ error: ENQUIRY_MESSAGES.messageMin })
    .trim()
    .min(CONTACT_MESSAGE_MIN, { error: ENQUIRY_MESSAGES.messageMin })
    .max(ENQUIRY_MESSAGE_MAX, { error: ENQUIRY_MESSAGES.messageMax }),
});
export type ContactMessageInput = z.input<typeof contactMessageInputSchema>;
export type ContactMessageFields = z.output<typeof contactMessageInputSchema>;

/** Request Quote form and POST /api/quotes body. */
export const quoteRequestInputSchema = z.object({
  /** Id of the catalogue product to quote. */
  productId: z.string({ error: ENQUIRY_MESSAGES.productRequired }).trim().min(1, { error: ENQUIRY_MESSAGES.productRequired }).max(200, { error: ENQUIRY_MESSAGES.productRequired }),
  /** Requester's full name. */
  name: nameField,
  /** Where the quote goes. */
  email: emailField,
  /** Optional phone number. */
  phone: phoneField,
  /** Optional quantity, a whole number 1..QUOTE_QUANTITY_MAX (a numeric string is read as a number). */
  quantity: z.preprocess(
    (v) => {
      const blank = blankToUndefined(v);
      return typeof blank === 'string' && /^\s*\d+\s*$/.test(blank) ? Number(blank) : blank;
    },
    z
      .number({ error: ENQUIRY_MESSAGES.quantity })
      .int({ error: ENQUIRY_MESSAGES.quantity })
      .min(1, { error: ENQUIRY_MESSAGES.quantity })
      .max(QUOTE_QUANTITY_MAX, { error: ENQUIRY_MESSAGES.quantity })
      .optional(),
  ),
  /** Optional notes: delivery place, colours, dates. */
  message: z.preprocess(
    blankToUndefined,
    z.string({ error: ENQUIRY_MESSAGES.messageMax }).trim().max(ENQUIRY_MESSAGE_MAX, { error: ENQUIRY_MESSAGES.messageMax }).optional(),
  ),
});
export type QuoteRequestInput = z.input<typeof quoteRequestInputSchema>;
export type QuoteRequestFields = z.output<typeof quoteRequestInputSchema>;

/** The first message per field of a failed parse, keyed by the field's name. */
function firstMessagePerField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) out[String(issue.path[0] ?? '')] ??= issue.message;
  return out;
}

/** What the contact form must fix before sending, as the server would say it: field -> message; empty when valid. */
export function findContactMessageErrors(input: ContactMessageInput): Record<string, string> {
  const result = contactMessageInputSchema.safeParse(input);
  return result.success ? {} : firstMessagePerField(result.error.issues);
}

/** What the Request Quote form must fix before sending, as the server would say it; empty when valid. */
export function findQuoteRequestErrors(input: QuoteRequestInput): Record<string, string> {
  const result = quoteRequestInputSchema.safeParse(input);
  return result.success ? {} : firstMessagePerField(result.error.issues);
}

/** Where an enquiry stands in the back office: new until staff reply or mark it handled. */
export const ENQUIRY_STATUSES = ['new', 'handled'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

/** A stored contact message as the API returns it. */
export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  phone?: string;
  subject?: string;
  message: string;
  status: EnquiryStatus;
  /** ISO 8601 UTC. */
  createdAt: string;
  updatedAt: string;
}

/** A stored quote request, with the product as it was when asked. */
export interface QuoteRequest {
  id: string;
  product: { id: string; name: string; sku: string };
  name: string;
  email: string;
  phone?: string;
  quantity?: number;
  message?: string;
  status: EnquiryStatus;
  createdAt: string;
  updatedAt: string;
}
