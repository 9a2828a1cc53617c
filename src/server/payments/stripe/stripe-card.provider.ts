import { CARD_BRAND_IDS } from '../../../lib/payment-card';
import { ORDER_MESSAGES } from '../../../lib/schemas/order';
import { isStripeConfigured, type Config } from '../../config';
import { ApiError } from '../../http/errors';
import type { PaymentProvider, PaymentRecord, PaymentSnapshot, ProviderEvent, ProviderOutcome } from '../payment-provider';
import { StripeGateway, StripeGatewayError, type StripePayment, type StripeWebhookEvent } from './stripe-gateway';

/** The currency of every price in the shop (formatMoney's), as Stripe writes it. */
export const STRIPE_CURRENCY = 'usd';

/** Stripe's card brands as the shop names them (CARD_BRAND_IDS); any other is kept as Stripe wrote it. */
const BRAND_NAMES: Record<string, string> = { american_express: 'amex', 'american express': 'amex', diners_club: 'diners' };

/** The shop's brand id of Stripe's. */
export function shopCardBrand(brand: string): string {
  const id = BRAND_NAMES[brand.toLowerCase()] ?? brand.toLowerCase();
  return (CARD_BRAND_IDS as readonly string[]).includes(id) ? id : brand;
}

/** The boundary's snapshot of a Stripe payment. */
function snapshotOf(payment: StripePayment, publishableKey: string): PaymentSnapshot {
  const waiting = payment.status === 'awaiting_payment' || payment.status === 'requires_action' || payment.status === 'declined';
  return {
    state: payment.status,
    authorisedCents: payment.authorisedCents,
    capturedCents: payment.capturedCents,
    refundedCents: payment.refundedCents,
    card: payment.card ? { brand: shopCardBrand(payment.card.brand), last4: payment.card.last4 } : null,
    ...(payment.declineMessage ? { message: payment.declineMessage } : {}),
    ...(payment.status === 'released' ? { releaseReason: payment.releaseReason ?? null } : {}),
    ...(waiting && payment.clientSecret ? { clientData: { provider: 'stripe', reference: payment.reference, clientSecret: payment.clientSecret, publishableKey } } : {}),
  };
}

/** The boundary's event of a verified Stripe event; null for those the shop does not act on. */
function providerEventOf(event: StripeWebhookEvent): ProviderEvent | null {
  switch (event.type) {
    case 'charge.refunded':
      return { eventId: event.id, reference: event.paymentReference, kind: 'refunded', amountCents: event.refundedCents };
    case 'payment_intent.amount_capturable_updated':
      return { eventId: event.id, reference: event.payment.reference, kind: 'authorised', amountCents: event.payment.authorisedCents };
    case 'payment_intent.succeeded':
      return { eventId: event.id, reference: event.payment.reference, kind: 'captured', amountCents: event.payment.capturedCents };
    case 'payment_intent.payment_failed':
      return { eventId: event.id, reference: event.payment.reference, kind: 'authorisation_failed', amountCents: 0, ...(event.payment.declineMessage ? { message: event.payment.declineMessage } : {}) };
    case 'payment_intent.canceled':
      return { eventId: event.id, reference: event.payment.reference, kind: 'released', amountCents: 0 };
    case 'payment_intent.requires_action':
      return { eventId: event.id, reference: event.payment.reference, kind: 'action_required', amountCents: 0 };
    default:
      return null;
  }
}

/** Stripe's refusal as the boundary's failure. */
function failed(failure: { code: string; message: string }): ProviderOutcome {
  return { ok: false, message: `${failure.message} (${failure.code})` };
}

/**
 * Card payments through Stripe: a PaymentIntent with manual capture per order, created when the
 * order is placed (the browser confirms it with Stripe.js, so card data never reaches the shop),
 * captured on approval, cancelled to release the hold, refunded in part or whole; webhooks are
 * verified with the endpoint's signing secret. Every state is read back from Stripe (`inspect`).
 */
export function createStripeCardProvider(gateway: StripeGateway, publishableKey: string): PaymentProvider {
  return {
    id: 'stripe',
    method: 'card',
    preparesRemotely: true,
    async prepare(request) {
      let payment: StripePayment;
      try {
        // One PaymentIntent per checkout attempt and order number (a number collision retries under another).
        payment = await gateway.createAuthorisation({
          amountCents: request.amountCents,
          currency: STRIPE_CURRENCY,
          orderNumber: request.orderNumber,
          idempotencyKey: `order-${request.idempotencyKey}-${request.orderNumber}`,
        });
      } catch (err) {
        if (err instanceof StripeGatewayError) throw new ApiError(502, 'provider_failed', ORDER_MESSAGES.cardUnavailable);
        throw err;
      }
      return { reference: payment.reference, authorisedCents: 0, clientData: snapshotOf(payment, publishableKey).clientData ?? {} };
    },
    async confirm(record) {
      const now = await gateway.retrieve(record.reference!);
      if (now.status === 'authorised') return { ok: true, amountCents: now.authorisedCents, reference: now.reference };
      return { ok: false, message: now.declineMessage ?? `The card payment is ${now.status.replace('_', ' ')}.` };
    },
    async capture(record, amountCents, idempotencyKey) {
      const outcome = await gateway.capture(record.reference!, amountCents, { idempotencyKey });
      return outcome.ok ? { ok: true, amountCents: outcome.value.capturedCents, reference: outcome.value.reference } : failed(outcome.failure);
    },
    async release(record, idempotencyKey) {
      const outcome = await gateway.release(record.reference!, { idempotencyKey });
      return outcome.ok ? { ok: true, amountCents: record.authorisedCents, reference: outcome.value.reference } : failed(outcome.failure);
    },
    async refund(record, amountCents, _reason, idempotencyKey) {
      const outcome = await gateway.refund(record.reference!, amountCents, idempotencyKey);
      return outcome.ok ? { ok: true, amountCents: outcome.value.amountCents, reference: outcome.value.reference } : failed(outcome.failure);
    },
    async parseEvents(request) {
      const event = gateway.verifyWebhook(new Uint8Array(await request.arrayBuffer()), request.headers.get('stripe-signature'));
      const mapped = providerEventOf(event);
      return mapped ? [mapped] : [];
    },
    async inspect(record: PaymentRecord) {
      return snapshotOf(await gateway.retrieve(record.reference!), publishableKey);
    },
  };
}

/** One gateway per process and settings: the SDK keeps its connections. */
let cached: { key: string; provider: PaymentProvider } | undefined;

/** The Stripe card provider when its three keys are set (STRIPE_API_BASE for a stand-in), else undefined. */
export function stripeCardProviderOf(config: Config): PaymentProvider | undefined {
  if (!isStripeConfigured(config)) return undefined;
  const key = [config.STRIPE_SECRET_KEY, config.STRIPE_PUBLISHABLE_KEY, config.STRIPE_WEBHOOK_SECRET, config.STRIPE_API_BASE ?? ''].join('\n');
  if (cached?.key !== key) {
    const gateway = new StripeGateway({ secretKey: config.STRIPE_SECRET_KEY!, webhookSecret: config.STRIPE_WEBHOOK_SECRET!, apiBase: config.STRIPE_API_BASE });
    cached = { key, provider: createStripeCardProvider(gateway, config.STRIPE_PUBLISHABLE_KEY!) };
  }
  return cached.provider;
}
