import './zod-config';
import { z } from 'zod';
import { CART_LINE_MAX_QUANTITY } from '../constants';

/** Most entries of one trade price list (fixed prices and tiers each). */
export const TRADE_PRICES_MAX = 500;

/** Texts of trade accounts and pay on account (issue 27). */
export const TRADE_MESSAGES = {
  notFound: 'User not found.',
  company: 'Enter the company name (at most 200 characters).',
  vatNumber: 'Enter the VAT number (at most 40 characters).',
  discount: 'The discount must be a percentage from 0 to 100, in steps of 0.01.',
  unitCents: 'A price must be a whole number of cents from 0.',
  minQuantity: `A tier starts at a quantity from 2 to ${CART_LINE_MAX_QUANTITY} (a fixed price covers 1).`,
  productId: 'Name a product of the catalogue.',
  unknownProduct: 'No product of the catalogue has this id:',
  duplicatePrice: 'Each product may have one fixed price.',
  duplicateTier: 'Each product may have one tier per starting quantity.',
  tooMany: `At most ${TRADE_PRICES_MAX} entries.`,
  termsDays: 'Terms must be a whole number of days from 1 to 365, or empty.',
  creditLimit: 'The credit limit must be a whole number of cents from 0, or empty.',
  /** 422 when the customer may not pay on account. */
  notOnAccount: 'Pay on account is not available for this account. Please choose another payment method.',
  /** 422 when an order would pass the credit limit; followed by the credit still available. */
  creditExceeded: 'This order would take your account past its credit limit. Credit available:',
  saved: 'Trade account saved.',
  removed: 'Trade account removed.',
} as const;

const cents = (message: string) => z.number({ error: message }).int({ error: message }).min(0, { error: message }).max(100_000_000, { error: message });
const productId = z.string({ error: TRADE_MESSAGES.productId }).trim().min(1, { error: TRADE_MESSAGES.productId }).max(200, { error: TRADE_MESSAGES.productId });

/** PUT /api/admin/users/:id/trade: marks a customer as trade and sets their whole price list (replacing the one before). */
export const tradeAccountInputSchema = z
  .object({
    /** The customer's company. */
    company: z.string({ error: TRADE_MESSAGES.company }).trim().min(1, { error: TRADE_MESSAGES.company }).max(200, { error: TRADE_MESSAGES.company }),
    /** Their VAT number as printed on invoices. */
    vatNumber: z.string({ error: TRADE_MESSAGES.vatNumber }).trim().min(1, { error: TRADE_MESSAGES.vatNumber }).max(40, { error: TRADE_MESSAGES.vatNumber }),
    /** Percentage off every list price (0 to 100, two decimals at most). */
    discountPercent: z
      .number({ error: TRADE_MESSAGES.discount })
      .min(0, { error: TRADE_MESSAGES.discount })
      .max(100, { error: TRADE_MESSAGES.discount })
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: TRADE_MESSAGES.discount }),
    /** Fixed unit prices per product, whatever the quantity. */
    prices: z.array(z.object({ productId, unitCents: cents(TRADE_MESSAGES.unitCents) }), { error: TRADE_MESSAGES.tooMany }).max(TRADE_PRICES_MAX, { error: TRADE_MESSAGES.tooMany }).default([]),
    /** Quantity tiers per product: from minQuantity units, unitCents each. */
    tiers: z
      .array(
        z.object({
          productId,
          minQuantity: z.number({ error: TRADE_MESSAGES.minQuantity }).int({ error: TRADE_MESSAGES.minQuantity }).min(2, { error: TRADE_MESSAGES.minQuantity }).max(CART_LINE_MAX_QUANTITY, { error: TRADE_MESSAGES.minQuantity }),
          unitCents: cents(TRADE_MESSAGES.unitCents),
        }),
        { error: TRADE_MESSAGES.tooMany },
      )
      .max(TRADE_PRICES_MAX, { error: TRADE_MESSAGES.tooMany })
      .default([]),
    /** Days an invoice on account is due after the order; null or absent: no pay on account. */
    termsDays: z.number({ error: TRADE_MESSAGES.termsDays }).int({ error: TRADE_MESSAGES.termsDays }).min(1, { error: TRADE_MESSAGES.termsDays }).max(365, { error: TRADE_MESSAGES.termsDays }).nullable().optional(),
    /** Most the account may owe at once in cents; null or absent: no limit. */
    creditLimitCents: cents(TRADE_MESSAGES.creditLimit).nullable().optional(),
  })
  .superRefine((value, ctx) => {
    const prices = new Set<string>();
    value.prices.forEach((p, i) => {
      if (prices.has(p.productId)) ctx.addIssue({ code: 'custom', message: TRADE_MESSAGES.duplicatePrice, path: ['prices', i, 'productId'] });
      prices.add(p.productId);
    });
    const tiers = new Set<string>();
    value.tiers.forEach((t, i) => {
      const key = `${t.productId}\u0000${t.minQuantity}`;
      if (tiers.has(key)) ctx.addIssue({ code: 'custom', message: TRADE_MESSAGES.duplicateTier, path: ['tiers', i, 'minQuantity'] });
      tiers.add(key);
    });
  });
export type TradeAccountInput = z.input<typeof tradeAccountInputSchema>;
export type ParsedTradeAccountInput = z.infer<typeof tradeAccountInputSchema>;

/** One account order still owed past its due date. */
export const overdueInvoiceSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  /** Invoice number once issued. */
  invoiceNumber: z.number().int().nullable(),
  totalCents: z.number().int(),
  outstandingCents: z.number().int(),
  /** YYYY-MM-DD: the order's date plus the account's terms. */
  dueDate: z.string(),
});

/** Where a trade account stands: what it owes on account and what it may still spend. */
export const tradeStatementSchema = z.object({
  /** Owed on every live order paid on account (placed and not yet paid). */
  balanceCents: z.number().int(),
  /** The part of the credit limit the balance uses, in percent (0 without a limit). */
  creditUsedPercent: z.number(),
  /** The limit less the balance (never below 0); null without a limit. */
  creditAvailableCents: z.number().int().nullable(),
  /** Orders on account still owed past their due date, oldest first. */
  overdue: z.array(overdueInvoiceSchema),
  overdueCents: z.number().int(),
});
export type TradeStatement = z.infer<typeof tradeStatementSchema>;

/** A trade account as staff see it. */
export const tradeAccountSchema = z.object({
  customerId: z.string(),
  company: z.string(),
  vatNumber: z.string(),
  discountPercent: z.number(),
  prices: z.array(z.object({ productId: z.string(), unitCents: z.number().int() })),
  tiers: z.array(z.object({ productId: z.string(), minQuantity: z.number().int(), unitCents: z.number().int() })),
  termsDays: z.number().int().nullable(),
  creditLimitCents: z.number().int().nullable(),
  updatedAt: z.string(),
  statement: tradeStatementSchema,
});
export type TradeAccount = z.infer<typeof tradeAccountSchema>;

/** GET /api/admin/users/:id/trade: the customer's trade account, or null when they are not trade. */
export const adminTradeAccountResponseSchema = z.object({ account: tradeAccountSchema.nullable() });

/** One product's price for the signed-in customer. */
export const customerPriceSchema = z.object({
  productId: z.string(),
  listCents: z.number().int(),
  /** What one unit costs them at quantity 1. */
  unitCents: z.number().int(),
  source: z.enum(['list', 'discount', 'fixed', 'tier']),
  /** Their quantity tiers for it (ascending), each only where it is lower than the unit price. */
  tiers: z.array(z.object({ minQuantity: z.number().int(), unitCents: z.number().int() })),
});
export type CustomerPrice = z.infer<typeof customerPriceSchema>;

/** GET /api/account/prices: the asked products the customer can buy, with their prices; whether they are trade and may pay on account. */
export const accountPricesResponseSchema = z.object({
  trade: z.boolean(),
  payOnAccount: z.boolean(),
  prices: z.array(customerPriceSchema),
});
export type AccountPricesResponse = z.infer<typeof accountPricesResponseSchema>;
