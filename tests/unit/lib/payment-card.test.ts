import { describe, expect, it } from 'vitest';
import {
  checkExpiry,
  detectCardBrand,
  formatCardMask,
  formatCardNumberInput,
  isValidCvv,
  normalizeExpiry,
  passesLuhn,
  readCardDigits,
  validateCardNumber,
} from '../../../src/lib/payment-card';

// Published test numbers of the card networks.
const TEST_CARDS = [
  ['4242 4242 4242 4242', 'visa'],
  ['4111111111111111', 'visa'],
  ['5555 5555 5555 4444', 'mastercard'],
  ['2223 0031 2200 3222', 'mastercard'],
  ['3782 822463 10005', 'amex'],
  ['6011 1111 1111 1117', 'discover'],
  ['3056 9300 0902 0004', 'diners'],
  ['3566 0020 2036 0505', 'jcb'],
  ['6200 0000 0000 0005', 'unionpay'],
] as const;

describe('card numbers', () => {
  it.each(TEST_CARDS)('accepts %s as %s', (number, brand) => {
    expect(validateCardNumber(number)).toBe(brand);
  });
  it('refuses a number whose checksum is off by one digit', () => {
    expect(validateCardNumber('4242 4242 4242 4241')).toBeNull();
  });
  it('refuses a Luhn-valid number of a length the brand does not issue', () => {
    // 14 digits pass Luhn, but Visa issues 13, 16 or 19.
    expect(passesLuhn('42424242424242')).toBe(true);
    expect(validateCardNumber('42424242424242')).toBeNull();
    expect(validateCardNumber('378282246310005')).toBe('amex');
    expect(validateCardNumber('3782822463100050')).toBeNull();
  });
  it('refuses letters, empty input and unknown prefixes', () => {
    expect(validateCardNumber('4242-4242-4242-424a')).toBeNull();
    expect(validateCardNumber('')).toBeNull();
    expect(validateCardNumber('1234 5678 9012 3452')).toBeNull();
  });
  it('ignores spaces and hyphens but nothing else', () => {
    expect(readCardDigits('4242-4242 4242\t4242')).toBe('4242424242424242');
    expect(readCardDigits('4242.4242')).toBeNull();
  });
  it('knows Mastercard 2-series bounds', () => {
    expect(detectCardBrand('2221000000000000')).toBe('mastercard');
    expect(detectCardBrand('2720990000000000')).toBe('mastercard');
    expect(detectCardBrand('2721000000000000')).toBeNull();
  });
  it('groups digits as typed, Amex 4-6-5', () => {
    expect(formatCardNumberInput('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumberInput('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumberInput('42a42')).toBe('4242');
  });
});

describe('expiry dates', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('normalises what people type to MM/YY', () => {
    expect(normalizeExpiry('0427')).toBe('04/27');
    expect(normalizeExpiry('4/27')).toBe('04/27');
    expect(normalizeExpiry(' 12 / 30 ')).toBe('12/30');
    expect(normalizeExpiry('13/27')).toBeNull();
    expect(normalizeExpiry('00/27')).toBeNull();
    expect(normalizeExpiry('04/2027')).toBeNull();
  });
  it('accepts the current month until its end', () => {
    expect(checkExpiry('11/26', now)).toBeNull();
  });
  it('refuses last month as expired', () => {
    expect(checkExpiry('10/26', now)).toBe('expired');
  });
  it('refuses a date more than 20 years ahead', () => {
    expect(checkExpiry('11/46', now)).toBeNull();
    expect(checkExpiry('12/46', now)).toBe('format');
  });
  it('refuses anything but MM/YY', () => {
    expect(checkExpiry('1/27', now)).toBe('format');
  });
});

describe('CVV', () => {
  it('needs 4 digits on American Express and 3 on the others', () => {
    expect(isValidCvv('1234', 'amex')).toBe(true);
    expect(isValidCvv('123', 'amex')).toBe(false);
    expect(isValidCvv('123', 'visa')).toBe(true);
    expect(isValidCvv('1234', 'visa')).toBe(false);
  });
  it('takes 3 or 4 digits when the brand is unknown, never letters', () => {
    expect(isValidCvv('123', null)).toBe(true);
    expect(isValidCvv('1234', null)).toBe(true);
    expect(isValidCvv('12a', null)).toBe(false);
    expect(isValidCvv('12', null)).toBe(false);
  });
});

it('masks a card as brand and last four', () => {
  expect(formatCardMask('visa', '4242')).toBe('Visa •••• 4242');
  expect(formatCardMask('amex', '0005')).toBe('American Express •••• 0005');
});
