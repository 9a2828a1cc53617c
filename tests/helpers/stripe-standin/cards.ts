/** What the issuer does with an attempt on a test card. */
export type CardOutcome =
  | { kind: 'succeed' }
  | { kind: 'decline'; code: string; declineCode: string; message: string }
  /** 3-D Secure asked for; after the shopper completes it, `after` applies. */
  | { kind: 'authenticate'; after: CardOutcome };

/** A test card as Stripe's testing page documents it. */
export interface TestCard {
  number: string;
  brand: 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';
  funding: 'credit' | 'debit' | 'prepaid';
  outcome: CardOutcome;
}

const SUCCEED: CardOutcome = { kind: 'succeed' };

/** Stripe's published decline messages (shown to shoppers as they are). */
export const DECLINES = {
  generic: { kind: 'decline', code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  insufficientFunds: {
    kind: 'decline',
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  lostCard: { kind: 'decline', code: 'card_declined', declineCode: 'lost_card', message: 'Your card was declined.' },
  stolenCard: { kind: 'decline', code: 'card_declined', declineCode: 'stolen_card', message: 'Your card was declined.' },
  expiredCard: { kind: 'decline', code: 'expired_card', declineCode: 'expired_card', message: 'Your card has expired.' },
  incorrectCvc: {
    kind: 'decline',
    code: 'incorrect_cvc',
    declineCode: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
  },
  processingError: {
    kind: 'decline',
    code: 'processing_error',
    declineCode: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
} as const satisfies Record<string, CardOutcome>;

/** Stripe's test card numbers that the stand-in knows, by number. */
export const TEST_CARDS: ReadonlyMap<string, TestCard> = new Map(
  (
    [
      ['4242424242424242', 'visa', 'credit', SUCCEED],
      ['4000056655665556', 'visa', 'debit', SUCCEED],
      ['5555555555554444', 'mastercard', 'credit', SUCCEED],
      ['2223003122003222', 'mastercard', 'credit', SUCCEED],
      ['5200828282828210', 'mastercard', 'debit', SUCCEED],
      ['378282246310005', 'amex', 'credit', SUCCEED],
      ['371449635398431', 'amex', 'credit', SUCCEED],
      ['6011111111111117', 'discover', 'credit', SUCCEED],
      ['3056930009020004', 'diners', 'credit', SUCCEED],
      ['3566002020360505', 'jcb', 'credit', SUCCEED],
      ['4000000000000002', 'visa', 'credit', DECLINES.generic],
      ['4000000000009995', 'visa', 'credit', DECLINES.insufficientFunds],
      ['4000000000009987', 'visa', 'credit', DECLINES.lostCard],
      ['4000000000009979', 'visa', 'credit', DECLINES.stolenCard],
      ['4000000000000069', 'visa', 'credit', DECLINES.expiredCard],
      ['4000000000000127', 'visa', 'credit', DECLINES.incorrectCvc],
      ['4000000000000119', 'visa', 'credit', DECLINES.processingError],
      // 3-D Secure: 3155 asks on every on-session payment (the stand-in has no saved-card
      // exemptions), 3184 always, 3220 is the 3DS2 frictionless-challenge card, 3178 declines after.
      ['4000002500003155', 'visa', 'credit', { kind: 'authenticate', after: SUCCEED }],
      ['4000002760003184', 'visa', 'credit', { kind: 'authenticate', after: SUCCEED }],
      ['4000000000003220', 'visa', 'credit', { kind: 'authenticate', after: SUCCEED }],
      ['4000008260003178', 'visa', 'credit', { kind: 'authenticate', after: DECLINES.insufficientFunds }],
    ] as const
  ).map(([number, brand, funding, outcome]) => [number, { number, brand, funding, outcome }]),
);

/** Stripe's test PaymentMethod ids (`pm_card_…`), each standing for one test card. */
export const TEST_PAYMENT_METHODS: ReadonlyMap<string, string> = new Map([
  ['pm_card_visa', '4242424242424242'],
  ['pm_card_visa_debit', '4000056655665556'],
  ['pm_card_mastercard', '5555555555554444'],
  ['pm_card_mastercard_debit', '5200828282828210'],
  ['pm_card_amex', '378282246310005'],
  ['pm_card_discover', '6011111111111117'],
  ['pm_card_diners', '3056930009020004'],
  ['pm_card_jcb', '3566002020360505'],
  ['pm_card_visa_chargeDeclined', '4000000000000002'],
  ['pm_card_chargeDeclined', '4000000000000002'],
  ['pm_card_visa_chargeDeclinedInsufficientFunds', '4000000000009995'],
  ['pm_card_chargeDeclinedInsufficientFunds', '4000000000009995'],
  ['pm_card_visa_chargeDeclinedLostCard', '4000000000009987'],
  ['pm_card_visa_chargeDeclinedStolenCard', '4000000000009979'],
  ['pm_card_chargeDeclinedExpiredCard', '4000000000000069'],
  ['pm_card_chargeDeclinedIncorrectCvc', '4000000000000127'],
  ['pm_card_chargeDeclinedProcessingError', '4000000000000119'],
  ['pm_card_authenticationRequired', '4000002500003155'],
  ['pm_card_threeDSecure2Required', '4000000000003220'],
  ['pm_card_authenticationRequiredChargeDeclinedInsufficientFunds', '4000008260003178'],
]);

/** Luhn check, as Stripe applies it to a card number before anything else. */
export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length >= 12 && sum % 10 === 0;
}

/** The brand a number's prefix shows (for numbers that are not in the test table). */
export function brandOf(number: string): TestCard['brand'] {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  if (/^3(0[0-5]|[68])/.test(number)) return 'diners';
  if (/^35/.test(number)) return 'jcb';
  if (/^62/.test(number)) return 'unionpay';
  return 'unknown';
}
