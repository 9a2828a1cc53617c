/**
 * Money: integer cents inside the system, dollars with two decimals on the wire and in the
 * content files, formatted text only for display. Pure functions, no I/O.
 */

/** A value that cannot be expressed as money (not finite, or not a whole number of cents). */
export class MoneyError extends RangeError {
  override name = 'MoneyError';
}

// Doubles carry ~15-16 significant digits; amounts beyond this would lose cents.
const MAX_SAFE_CENTS = Number.MAX_SAFE_INTEGER;

/** Converts dollars (at most two decimals, e.g. 19.99) to integer cents (1999), exactly. */
export function toCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new MoneyError(`Not a money amount: ${dollars}`);
  // x * 100 of a two-decimal value is within a rounding error of a whole number; the sign is
  // handled apart so that -0.5 cents style ties round away from zero, symmetrically.
  const scaled = Math.abs(dollars) * 100;
  const cents = Math.round(scaled);
  if (Math.abs(scaled - cents) > 1e-6 * Math.max(1, scaled)) {
    throw new MoneyError(`More than two decimals: ${dollars}`);
  }
  if (cents > MAX_SAFE_CENTS) throw new MoneyError(`Amount too large: ${dollars}`);
  return dollars < 0 && cents !== 0 ? -cents : cents;
}

/** Converts dollars with any number of decimals to cents, rounding half away from zero. */
export function roundToCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new MoneyError(`Not a money amount: ${dollars}`);
  // Rounding the scaled value to 6 places first removes binary noise (1.005 * 100 = 100.49999...).
  const scaled = Number((Math.abs(dollars) * 100).toFixed(6));
  const cents = Math.round(scaled);
  return dollars < 0 && cents !== 0 ? -cents : cents;
}

/** Converts integer cents (1999) to dollars (19.99), the same double the literal 19.99 gives. */
export function toDollars(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new MoneyError(`Cents must be a whole number: ${cents}`);
  return cents / 100;
}

/** Whether a dollar amount has at most two decimals, i.e. converts to cents without rounding. */
export function isWholeCents(dollars: number): boolean {
  try {
    toCents(dollars);
    return true;
  } catch {
    return false;
  }
}

/** Options of formatMoney. */
export interface FormatMoneyOptions {
  /** ISO 4217 code; the shop sells in US dollars. */
  currency?: string;
  /** BCP 47 locale of the digits and separators. */
  locale?: string;
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Formats cents for display with currency symbol and grouping, e.g. 123456 → '$1,234.56'. US
 * dollars in en-US (the shop's) are written without Intl (see formatWhole), exactly as Intl writes them.
 */
export function formatMoney(cents: number, { currency = 'USD', locale = 'en-US' }: FormatMoneyOptions = {}): string {
  if (currency === 'USD' && locale === 'en-US') {
    toDollars(cents); // throws for what is not whole cents, as below
    const abs = Math.abs(cents);
    return `${cents < 0 ? '-' : ''}$${formatWhole(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
  }
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formatters.set(key, formatter);
  }
  return formatter.format(toDollars(cents));
}

/** Formats cents as a plain two-decimal number without symbol or grouping, e.g. 123456 → '1234.56'. */
export function formatCentsPlain(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new MoneyError(`Cents must be a whole number: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Multiplies a unit price in cents by a quantity, staying in whole cents. */
export function multiplyCents(unitCents: number, quantity: number): number {
  if (!Number.isSafeInteger(unitCents) || !Number.isSafeInteger(quantity)) {
    throw new MoneyError(`Whole numbers required: ${unitCents} x ${quantity}`);
  }
  return unitCents * quantity;
}

/** Applies a rate (e.g. VAT 0.2) to cents, rounding the result half away from zero to whole cents. */
export function applyRate(cents: number, rate: number): number {
  if (!Number.isSafeInteger(cents) || !Number.isFinite(rate)) {
    throw new MoneyError(`Cannot apply rate ${rate} to ${cents}`);
  }
  return roundToCents(toDollars(cents) * rate);
}

/**
 * A whole number with commas between thousands, without Intl (its first use on a page loads its
 * locale data: about 130 ms of a phone's main thread, inside the hydration of every storefront
 * page): 1234 → '1,234', -1234567 → '-1,234,567'; other numbers as en-US writes them.
 */
export function formatWhole(n: number): string {
  return Number.isSafeInteger(n) ? String(n).replace(/\B(?=(\d{3})+$)/g, ',') : n.toLocaleString('en-US');
}
