/**
 * The back office's payment contract: recording a bank transfer received, refunding, the shop's
 * bank details, the payments needing attention, and every message staff read about money.
 */
import './zod-config';
import { z } from 'zod';
import { PAYMENT_METHODS } from './order';

/** Every payment message, as the API returns it. */
export const PAYMENT_MESSAGES = {
  amount: 'Please enter an amount in cents, a whole number of at least 1.',
  receivedAt: 'Please enter the date the money arrived (YYYY-MM-DD or an ISO 8601 time), not in the future.',
  referenceTooLong: 'The reference must be at most 100 characters.',
  reasonRequired: 'Please give a reason for the refund.',
  reasonTooLong: 'The reason must be at most 1000 characters.',
  refundWhat: 'Give either an amount or lines to refund, not both.',
  refundLines: 'Each line needs a product of this order and a quantity from 1 to what is left to refund.',
  /** 409: a payment for an order paid by card. */
  notBankTransfer: 'This order is paid by card: its money is taken through the card provider, not recorded by hand.',
  /** 409: a payment for a declined or cancelled order. */
  orderClosed: 'This order is declined or cancelled: no payment can be recorded for it.',
  /** 409: more than is owed; followed by the amount still owed. */
  overpayment: 'This payment is more than the order still owes. Still owed:',
  /** 409: the order is fully paid already. */
  alreadyPaid: 'This order is already paid in full.',
  /** 409: approval with APPROVAL_REQUIRES_PAYMENT and money still owed; followed by the amount. */
  approvalNeedsPayment: 'This order cannot be approved before it is paid. Record the payment first. Still owed:',
  /** 409: approving a card order whose card the shopper has not authorised yet. */
  cardNotAuthorised: 'The card payment of this order is not authorised yet: it cannot be approved until the customer finishes paying.',
  /** 409: a capture retried on an order that holds nothing or is not approved. */
  nothingToCapture: 'Nothing is held on this card for an approved order, so there is nothing to capture.',
  /** 409: a refund with nothing captured. */
  nothingToRefund: 'Nothing has been paid for this order, so there is nothing to refund.',
  /** 409: more than can be refunded; followed by the amount left. */
  refundTooLarge: 'This refund is more than what is left to return on this order. Left to refund:',
  /** 502: the provider refused. */
  providerFailed: 'The payment provider could not complete this:',
  invoiceNotIssued: 'No invoice has been issued for this order yet.',
  creditNoteNotFound: 'Credit note not found.',
} as const;

/** An ISO date (YYYY-MM-DD) or time, as an ISO 8601 UTC time; not in the future (a day's grace for time zones). */
const receivedAtField = z.string({ error: PAYMENT_MESSAGES.receivedAt }).transform((v, ctx) => {
  const text = v.trim();
  const date = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T12:00:00Z`) : new Date(text);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(date.getTime()) || date.getTime() > Date.now() + 86_400_000) {
    ctx.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.receivedAt });
    return z.NEVER;
  }
  return date.toISOString();
});

/** Whole cents, at least 1. */
const centsField = z.number({ error: PAYMENT_MESSAGES.amount }).int({ error: PAYMENT_MESSAGES.amount }).min(1, { error: PAYMENT_MESSAGES.amount }).max(1_000_000_000, { error: PAYMENT_MESSAGES.amount });

/** POST /api/admin/orders/:id/payments: a bank transfer received. */
export const recordPaymentSchema = z.object({
  /** What arrived, in cents; part payments add up. */
  amountCents: centsField,
  /** When it arrived. */
  receivedAt: receivedAtField,
  /** The reference the payer gave (or the bank's), as shown on the statement. */
  reference: z.string().trim().max(100, { error: PAYMENT_MESSAGES.referenceTooLong }).optional().default(''),
});
export type RecordPaymentInput = z.infer<typeof recordPaymentSchema>;

/** POST /api/orders/:orderNumber/payment/confirm: the browser is back from confirming the card (Stripe.js). */
export const cardConfirmationSchema = z.object({
  /** The payment's id at the provider (Stripe's PaymentIntent, pi_…) that POST /api/orders gave in paymentNext. */
  reference: z.string({ error: 'Please give the payment reference.' }).trim().regex(/^[A-Za-z0-9_]{3,255}$/, { error: 'Please give the payment reference.' }),
});
export type CardConfirmationInput = z.infer<typeof cardConfirmationSchema>;

/** One line to refund. */
export const refundLineSchema = z.object({
  productId: z.string({ error: PAYMENT_MESSAGES.refundLines }).trim().min(1, { error: PAYMENT_MESSAGES.refundLines }).max(200),
  quantity: z.number({ error: PAYMENT_MESSAGES.refundLines }).int({ error: PAYMENT_MESSAGES.refundLines }).min(1, { error: PAYMENT_MESSAGES.refundLines }),
  /** Put the units back in stock. */
  restock: z.boolean().optional().default(false),
});

/** POST /api/admin/orders/:id/refunds: an amount, or lines (their price with VAT), and a reason. */
export const refundInputSchema = z
  .object({
    amountCents: centsField.optional(),
    lines: z.array(refundLineSchema).min(1, { error: PAYMENT_MESSAGES.refundLines }).max(100).optional(),
    reason: z.string({ error: PAYMENT_MESSAGES.reasonRequired }).trim().min(1, { error: PAYMENT_MESSAGES.reasonRequired }).max(1000, { error: PAYMENT_MESSAGES.reasonTooLong }),
  })
  .superRefine((v, ctx) => {
    if ((v.amountCents === undefined) === (v.lines === undefined)) ctx.addIssue({ code: 'custom', path: ['amountCents'], message: PAYMENT_MESSAGES.refundWhat });
  });
export type RefundInput = z.infer<typeof refundInputSchema>;

/** The shop's bank account, shown for a bank transfer. */
export const bankDetailsSchema = z.object({
  accountName: z.string(),
  bankName: z.string(),
  sortCode: z.string(),
  accountNumber: z.string(),
  /** Empty when not set. */
  iban: z.string(),
  bic: z.string(),
});
export type BankDetails = z.infer<typeof bankDetailsSchema>;

/** GET /api/payments/methods: what the checkout may offer and the bank details for a transfer. */
export const paymentMethodsSchema = z.object({
  methods: z.array(z.enum(PAYMENT_METHODS)),
  bankDetails: bankDetailsSchema,
  /** Days a transfer may take before the order is chased. */
  transferDueDays: z.number().int(),
  /** With card offered: the provider and the key its browser library (Stripe.js) is loaded with; null otherwise. */
  card: z.object({ provider: z.literal('stripe'), publishableKey: z.string() }).nullable().optional().default(null),
});
export type PaymentMethods = z.infer<typeof paymentMethodsSchema>;

/** What POST /api/orders (201, card) and the confirm route (202) give the browser to confirm the card with Stripe.js; never stored. */
export const cardPaymentNextSchema = z.object({
  provider: z.literal('stripe'),
  /** The PaymentIntent (pi_…): the `reference` of POST /api/orders/:orderNumber/payment/confirm. */
  reference: z.string(),
  /** For stripe.confirmCardPayment; only this browser has it. */
  clientSecret: z.string(),
  publishableKey: z.string(),
});
export type CardPaymentNext = z.infer<typeof cardPaymentNextSchema>;

/** POST /api/orders/:orderNumber/payment/confirm's answer (200 authorised, 202 still waiting for the browser). */
export const cardConfirmationResultSchema = z.object({
  outcome: z.enum(['authorised', 'requires_action', 'awaiting_payment', 'processing']),
  /** The order as its customer sees it (orderSchema). */
  order: z.unknown(),
  paymentNext: cardPaymentNextSchema.optional(),
});

/** A refund and its credit note as staff see it. */
export const creditNoteSchema = z.object({
  /** 'CN-000001'. */
  number: z.string(),
  amountCents: z.number().int(),
  reason: z.string(),
  /** 'succeeded' (returned by the provider) or 'to_return' (staff send it back by bank transfer). */
  status: z.string(),
  createdAt: z.string(),
  by: z.string(),
  lines: z.array(z.object({ productId: z.string(), name: z.string(), quantity: z.number().int(), restock: z.boolean() })),
  url: z.string(),
});
export type CreditNote = z.infer<typeof creditNoteSchema>;

/** One order under a payments-needing-attention heading. */
export const attentionItemSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  customerName: z.string(),
  totalCents: z.number().int(),
  outstandingCents: z.number().int(),
  placedAt: z.string(),
  detail: z.string(),
});

/** GET /api/admin/payments/attention. */
export const paymentsAttentionSchema = z.object({
  overdueTransfers: z.object({ count: z.number().int(), days: z.number().int(), items: z.array(attentionItemSchema) }),
  failed: z.object({ count: z.number().int(), items: z.array(attentionItemSchema) }),
  lapsingAuthorisations: z.object({ count: z.number().int(), items: z.array(attentionItemSchema) }),
});
export type PaymentsAttention = z.infer<typeof paymentsAttentionSchema>;

/** 'INV-000042' of invoice 42. */
export function formatInvoiceNumber(n: number): string {
  return `INV-${String(n).padStart(6, '0')}`;
}

/** 'CN-000007' of credit note 7. */
export function formatCreditNoteNumber(n: number): string {
  return `CN-${String(n).padStart(6, '0')}`;
}

/** The number of 'CN-000007' or '7', or null. */
export function parseCreditNoteNumber(text: string): number | null {
  const match = text.trim().toUpperCase().match(/^(?:CN-?)?(\d{1,9})$/);
  return match ? Number(match[1]) : null;
}
