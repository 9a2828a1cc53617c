/**
 * Payment card checks done in the browser: the Luhn checksum, the brand from the number's prefix,
 * the expiry date and the CVV length. The full number and the CVV never leave the browser; only
 * the brand, the last 4 digits, the expiry and the cardholder name are sent (see schemas/order.ts).
 */

/** Card brands the shop recognises, with the lengths their numbers have. */
export const CARD_BRANDS = {
  visa: { label: 'Visa', lengths: [13, 16, 19], cvvLength: 3 },
  mastercard: { label: 'Mastercard', lengths: [16], cvvLength: 3 },
  amex: { label: 'American Express', lengths: [15], cvvLength: 4 },
  discover: { label: 'Discover', lengths: [16, 17, 18, 19], cvvLength: 3 },
  diners: { label: 'Diners Club', lengths: [14, 15, 16, 17, 18, 19], cvvLength: 3 },
  jcb: { label: 'JCB', lengths: [16, 17, 18, 19], cvvLength: 3 },
  unionpay: { label: 'UnionPay', lengths: [16, 17, 18, 19], cvvLength: 3 },
  maestro: { label: 'Maestro', lengths: [12, 13, 14, 15, 16, 17, 18, 19], cvvLength: 3 },
} as const;
export type CardBrand = keyof typeof CARD_BRANDS;
export const CARD_BRAND_IDS = Object.keys(CARD_BRANDS) as [CardBrand, ...CardBrand[]];

/** The digits of a card number as typed: spaces and hyphens removed; null when anything else is in it. */
export function readCardDigits(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  return /^\d*$/.test(digits) ? digits : null;
}

/** Whether a string of digits passes the Luhn checksum (ISO/IEC 7812). */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** Whether the first digits of `digits`, read as a number of `width` digits, lie in [low, high]. */
function prefixIn(digits: string, width: number, low: number, high: number): boolean {
  if (digits.length < width) return false;
  const prefix = Number(digits.slice(0, width));
  return prefix >= low && prefix <= high;
}

/** The brand of a card number from its issuer prefix (IIN ranges), or null when none matches. */
export function detectCardBrand(digits: string): CardBrand | null {
  if (/^4/.test(digits)) return 'visa';
  if (prefixIn(digits, 2, 51, 55) || prefixIn(digits, 4, 2221, 2720)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65)/.test(digits) || prefixIn(digits, 3, 644, 649) || prefixIn(digits, 6, 622126, 622925)) return 'discover';
  if (/^3(0[0-5]|[68]|095)/.test(digits)) return 'diners';
  if (prefixIn(digits, 4, 3528, 3589)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  if (/^(5[06-8]|6)/.test(digits)) return 'maestro';
  return null;
}

/** The brand of a valid card number (known brand, a length that brand issues, Luhn), or null. */
export function validateCardNumber(input: string): CardBrand | null {
  const digits = readCardDigits(input);
  if (!digits) return null;
  const brand = detectCardBrand(digits);
  if (!brand) return null;
  if (!(CARD_BRANDS[brand].lengths as readonly number[]).includes(digits.length)) return null;
  return passesLuhn(digits) ? brand : null;
}

/** A card number grouped for display as it is typed: 4-4-4-4 (Amex 4-6-5), at most 19 digits. */
export function formatCardNumberInput(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 19);
  const groups = detectCardBrand(digits) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** Expiry as typed ('0427', '04/27', '4/27') normalised to MM/YY, or null when it is not a month and year. */
export function normalizeExpiry(input: string): string | null {
  const match = input.trim().match(/^(\d{1,2})\s*\/?\s*(\d{2})$/);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return `${String(month).padStart(2, '0')}/${match[2]}`;
}

/** How many years ahead an expiry date may lie; cards are not issued for longer. */
export const CARD_EXPIRY_MAX_YEARS = 20;

/** Why an expiry date is refused, or null when it is fine: 'format' (not MM/YY, or absurdly far) or 'expired'. */
export function checkExpiry(expiry: string, now: Date = new Date()): 'format' | 'expired' | null {
  if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(expiry)) return 'format';
  const month = Number(expiry.slice(0, 2));
  const year = 2000 + Number(expiry.slice(3));
  // A card is valid through the last day of its expiry month.
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const expires = year * 12 + (month - 1);
  if (expires < current) return 'expired';
  if (expires > current + CARD_EXPIRY_MAX_YEARS * 12) return 'format';
  return null;
}

/** Whether a CVV has the length the brand prints (Amex 4, others 3); 3 or 4 digits when the brand is unknown. */
export function isValidCvv(cvv: string, brand: CardBrand | null): boolean {
  if (!/^\d{3,4}$/.test(cvv)) return false;
  return brand ? cvv.length === CARD_BRANDS[brand].cvvLength : true;
}

/** The masked payment method shown on receipts and in order notes, e.g. 'Visa •••• 4242'. */
export function formatCardMask(brand: CardBrand, last4: string): string {
  return `${CARD_BRANDS[brand].label} •••• ${last4}`;
}
