import { describe, expect, it } from 'vitest';
import {
  contactMessageInputSchema,
  ENQUIRY_MESSAGES,
  findContactMessageErrors,
  findQuoteRequestErrors,
  isValidContactPhone,
  normalizePhone,
  quoteRequestInputSchema,
} from '../../../../src/lib/schemas/enquiries';

const contact = { name: 'Maya Patel', email: 'maya@example.com', message: 'Advice on a durable off-white, please.' };
const quote = { productId: 'dc-pro-5000-airless-spray-gun', name: 'Tom Okafor', email: 'tom@example.com' };

/** The field messages of a failed parse. */
function fieldErrors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('ENQUIRY_MESSAGES', () => {
  it('reuses the sign-up wording for e-mail, phone and name', () => {
    expect(ENQUIRY_MESSAGES.email).toBe('Please enter a valid email address.');
    expect(ENQUIRY_MESSAGES.phone).toBe('Please enter a valid phone number.');
    expect(ENQUIRY_MESSAGES.nameMin).toBe('Full name must be at least 2 characters.');
    expect(ENQUIRY_MESSAGES.quantity).toBe('Quantity must be a whole number from 1 to 10,000.');
    expect(ENQUIRY_MESSAGES.messageMax).toBe('Message must be at most 5,000 characters.');
  });
});

describe('normalizePhone / isValidContactPhone', () => {
  it.each(['020 7946 0958', '+44 7700 900123', '+44 (0)20 7946 0958', '0044 20 7946 0958', '(214) 555-0142', '+1 (214) 555-0142', '214.555.0142', '+4722834190'])(
    'accepts %s',
    (phone) => expect(isValidContactPhone(phone)).toBe(true),
  );
  it.each(['12-34', 'call me', '+0 20 7946 0958', '00000000', '+44 7700 900123 ext 5', '1'.repeat(17), ''])('refuses %s', (phone) =>
    expect(isValidContactPhone(phone)).toBe(false),
  );
  it('drops spaces, dashes, dots and brackets, a national (0) after a country code, and turns 00 into +', () => {
    expect(normalizePhone(' +44 (0)20 7946-0958 ')).toBe('+442079460958');
    expect(normalizePhone('0044 20 7946 0958')).toBe('+442079460958');
    expect(normalizePhone('(214) 555.0142')).toBe('2145550142');
  });
});

describe('contactMessageInputSchema', () => {
  it('trims the fields, keeps the phone as typed and drops blank optional fields', () => {
    const parsed = contactMessageInputSchema.parse({ ...contact, name: '  Maya Patel ', phone: ' 020  7946 0958 ', subject: '  ', email: ' maya@example.com ' });
    expect(parsed).toEqual({ name: 'Maya Patel', email: 'maya@example.com', phone: '020 7946 0958', message: contact.message });
  });

  it.each([
    ['name', { name: 'M' }, ENQUIRY_MESSAGES.nameMin],
    ['name', { name: ' '.repeat(5) }, ENQUIRY_MESSAGES.nameMin],
    ['name', { name: 'n'.repeat(121) }, ENQUIRY_MESSAGES.nameMax],
    ['name', { name: undefined }, ENQUIRY_MESSAGES.nameMin],
    ['email', { email: 'maya.example.com' }, ENQUIRY_MESSAGES.email],
    ['email', { email: undefined }, ENQUIRY_MESSAGES.email],
    ['phone', { phone: '555' }, ENQUIRY_MESSAGES.phone],
    ['phone', { phone: 12345678 }, ENQUIRY_MESSAGES.phone],
    ['subject', { subject: 's'.repeat(151) }, ENQUIRY_MESSAGES.subjectMax],
    ['message', { message: 'Too short' }, ENQUIRY_MESSAGES.messageMin],
    ['message', { message: undefined }, ENQUIRY_MESSAGES.messageMin],
    ['message', { message: 'm'.repeat(5001) }, ENQUIRY_MESSAGES.messageMax],
  ])('refuses a bad %s: %j', (field, overrides, message) => {
    expect(fieldErrors(contactMessageInputSchema.safeParse({ ...contact, ...overrides }))).toEqual({ [field]: message });
  });
});

describe('quoteRequestInputSchema', () => {
  it('reads a quantity typed as text and leaves out blank optional fields', () => {
    expect(quoteRequestInputSchema.parse({ ...quote, quantity: ' 40 ', phone: '', message: ' ' })).toEqual({ ...quote, quantity: 40 });
    expect(quoteRequestInputSchema.parse({ ...quote, quantity: '' })).toEqual(quote);
    expect(quoteRequestInputSchema.parse({ ...quote, quantity: 10_000 }).quantity).toBe(10_000);
  });

  it.each([
    ['quantity', { quantity: 0 }, ENQUIRY_MESSAGES.quantity],
    ['quantity', { quantity: 10_001 }, ENQUIRY_MESSAGES.quantity],
    ['quantity', { quantity: 1.5 }, ENQUIRY_MESSAGES.quantity],
    ['quantity', { quantity: '-3' }, ENQUIRY_MESSAGES.quantity],
    ['quantity', { quantity: 'a dozen' }, ENQUIRY_MESSAGES.quantity],
    ['productId', { productId: undefined }, ENQUIRY_MESSAGES.productRequired],
    ['productId', { productId: ' ' }, ENQUIRY_MESSAGES.productRequired],
    ['name', { name: 'T' }, ENQUIRY_MESSAGES.nameMin],
    ['email', { email: 'tom@' }, ENQUIRY_MESSAGES.email],
    ['phone', { phone: 'x' }, ENQUIRY_MESSAGES.phone],
    ['message', { message: 'm'.repeat(5001) }, ENQUIRY_MESSAGES.messageMax],
  ])('refuses a bad %s: %j', (field, overrides, message) => {
    expect(fieldErrors(quoteRequestInputSchema.safeParse({ ...quote, ...overrides }))).toEqual({ [field]: message });
  });
});

describe('findContactMessageErrors / findQuoteRequestErrors (what the forms check before sending)', () => {
  it('names every required field of an empty contact form with its message', () => {
    expect(findContactMessageErrors({ name: '', email: '', phone: '', subject: '', message: '' })).toEqual({
      name: 'Full name must be at least 2 characters.',
      email: 'Please enter a valid email address.',
      message: ENQUIRY_MESSAGES.messageMin,
    });
  });
  it('finds nothing to fix in a valid contact message, and only the bad optional field otherwise', () => {
    expect(findContactMessageErrors({ ...contact, phone: '', subject: '' })).toEqual({});
    expect(findContactMessageErrors({ ...contact, phone: 'call me' })).toEqual({ phone: 'Please enter a valid phone number.' });
  });
  it('names the name and e-mail of an empty quote form, and a bad quantity', () => {
    expect(findQuoteRequestErrors({ productId: quote.productId, name: '', email: '', phone: '', quantity: '', message: '' })).toEqual({
      name: 'Full name must be at least 2 characters.',
      email: 'Please enter a valid email address.',
    });
    expect(findQuoteRequestErrors({ ...quote, quantity: '0' })).toEqual({ quantity: ENQUIRY_MESSAGES.quantity });
    expect(findQuoteRequestErrors({ ...quote, quantity: '12' })).toEqual({});
  });
});
