import { describe, expect, it } from 'vitest';
import { formatCreditNoteNumber, formatInvoiceNumber, parseCreditNoteNumber } from '../../../../src/lib/schemas/payments';
import { allocateVat } from '../../../../src/server/payments/invoices.service';
import { derivePaymentStatus, outstandingCentsOf } from '../../../../src/server/payments/payment-status';

const money = (status: string, captured: number, refunded = 0, authorised = 0) => ({ status, total_cents: 10_000, captured_cents: captured, refunded_cents: refunded, authorised_cents: authorised });

describe('the payment status follows the money', () => {
  it.each([
    ['nothing paid', money('pending', 0), 'pending'],
    ['approved but not paid (a bank transfer on its way)', money('approved', 0), 'pending'],
    ['part paid', money('pending', 4_000), 'pending'],
    ['authorised, not captured', money('pending', 0, 0, 10_000), 'pending'],
    ['paid in full', money('pending', 10_000), 'approved'],
    ['paid, part refunded', money('shipped', 10_000, 2_500), 'approved'],
    ['paid, all refunded', money('cancelled', 10_000, 10_000), 'refunded'],
    ['part paid then refunded on decline', money('declined', 700, 700), 'refunded'],
    ['declined with nothing kept', money('declined', 0), 'declined'],
    ['cancelled with nothing kept', money('cancelled', 0), 'declined'],
  ] as const)('%s: %s', (_name, row, status) => {
    expect(derivePaymentStatus(row)).toBe(status);
  });

  it('owes the total less what was captured, nothing once declined or cancelled', () => {
    expect(outstandingCentsOf(money('approved', 3_000))).toBe(7_000);
    expect(outstandingCentsOf(money('pending', 10_000))).toBe(0);
    expect(outstandingCentsOf(money('cancelled', 3_000))).toBe(0);
  });
});

describe('VAT per invoice line', () => {
  it('shares the order VAT over the lines to the cent, the rounding on the largest line', () => {
    // 3 × 333 cents: each line’s 20 % is 66.6 → 67, three make 201; the order’s VAT on 999 is 200, so the first (largest) line gives a cent back.
    expect(allocateVat([333, 333, 333], 200)).toEqual([66, 67, 67]);
    const vats = allocateVat([1_099, 5_499, 23_999], 6_119);
    expect(vats.reduce((a, b) => a + b, 0)).toBe(6_119);
  });
});

describe('document numbers', () => {
  it('formats invoices and credit notes with six digits and reads a credit note number back', () => {
    expect(formatInvoiceNumber(42)).toBe('INV-000042');
    expect(formatCreditNoteNumber(7)).toBe('CN-000007');
    expect(parseCreditNoteNumber('cn-000007')).toBe(7);
    expect(parseCreditNoteNumber('7')).toBe(7);
    expect(parseCreditNoteNumber('INV-000007')).toBeNull();
  });
});
