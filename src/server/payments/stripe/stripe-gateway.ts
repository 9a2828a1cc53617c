import Stripe from 'stripe';

/**
 * Settings the gateway is built from (read from the environment by whoever constructs it):
 * STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and, for a local stand-in, STRIPE_API_BASE.
 * STRIPE_PUBLISHABLE_KEY is the browser's and is not needed here.
 */
export interface StripeGatewayOptions {
  /** STRIPE_SECRET_KEY: sk_test_… or sk_live_…. */
  secretKey: string;
  /** STRIPE_WEBHOOK_SECRET: the endpoint's signing secret, whsec_…. */
  webhookSecret: string;
  /** STRIPE_API_BASE: an http(s) origin to send API calls to instead of Stripe's (the test stand-in). */
  apiBase?: string;
  /** Retries of a failed call (connection error, 409, 429, 5xx) with the same idempotency key; 2 by default. */
  maxNetworkRetries?: number;
  /** Milliseconds before a call is abandoned; 20,000 by default. */
  timeoutMs?: number;
  /** Seconds a webhook's signature timestamp may be old; 300 (Stripe's default) by default. */
  webhookToleranceSeconds?: number;
}

/** Where a card payment stands, in the shop's words. */
export type StripePaymentStatus =
  /** Created; the shopper's browser has not confirmed a card yet (or is about to retry one). */
  | 'awaiting_payment'
  /** The bank asks the shopper to authenticate (3-D Secure) in the browser. */
  | 'requires_action'
  /** The card network is still deciding. */
  | 'processing'
  /** The amount is held on the card, waiting for capture or release. */
  | 'authorised'
  /** The last attempt was declined; the shopper may try another card on the same payment. */
  | 'declined'
  /** Money taken (all of the hold, or part of it with the rest released). */
  | 'captured'
  /** The hold was released (cancelled by us, or lapsed at Stripe). */
  | 'released';

/** A card payment (a Stripe PaymentIntent) as the shop sees it. */
export interface StripePayment {
  /** The PaymentIntent id (pi_…): the payment's provider reference. */
  reference: string;
  status: StripePaymentStatus;
  /** For the browser to confirm the payment with Stripe.js; never log or store it. */
  clientSecret: string | null;
  amountCents: number;
  /** Lower-case ISO 4217 code, as Stripe writes it. */
  currency: string;
  /** Held on the card and not yet captured. */
  authorisedCents: number;
  capturedCents: number;
  refundedCents: number;
  /** The order number the payment was created for (metadata.order_number). */
  orderNumber: string | null;
  /** Brand and last four digits of the card that was charged, once a charge exists. */
  card: { brand: string; last4: string } | null;
  /** While authorised: when Stripe lets the hold lapse (ISO time; about 7 days after authorisation), if it says. */
  captureBefore: string | null;
  /** Stripe's code for the last decline or failed authentication (e.g. insufficient_funds). */
  declineCode?: string;
  /** Stripe's message for the last decline, fit to show to the shopper. */
  declineMessage?: string;
  /** Why the hold was released: 'automatic' when it lapsed at Stripe, else our reason or null. */
  releaseReason?: string | null;
}

/** Why a call to Stripe did not do what was asked. */
export interface StripeFailure {
  /** Stripe's error code (e.g. amount_too_large, charge_expired_for_capture), or the error type. */
  code: string;
  message: string;
  /** True when the same call may succeed later (network, rate limit, Stripe's own error). */
  retryable: boolean;
}

/** The answer to a capture, release or refund: done, or refused with Stripe's reason. */
export type StripeOutcome<T> = { ok: true; value: T } | { ok: false; failure: StripeFailure };

/** A refund as the shop records it. */
export interface StripeRefund {
  /** The refund id (re_…). */
  reference: string;
  paymentReference: string;
  amountCents: number;
  status: 'succeeded' | 'pending' | 'requires_action' | 'failed' | 'canceled';
}

/** Event types the shop acts on; any other verified event arrives as 'other'. */
export const HANDLED_STRIPE_EVENTS = [
  'payment_intent.amount_capturable_updated',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'payment_intent.requires_action',
  'charge.refunded',
] as const;

/**
 * A verified webhook event. Apply each id once; events may arrive twice and in any order, so
 * the payment snapshot says what was true when the event happened: for the state now, `retrieve`.
 */
export type StripeWebhookEvent =
  | {
      id: string;
      type: Exclude<(typeof HANDLED_STRIPE_EVENTS)[number], 'charge.refunded'>;
      /** Unix seconds when the event happened at Stripe. */
      created: number;
      payment: StripePayment;
    }
  | {
      id: string;
      type: 'charge.refunded';
      created: number;
      paymentReference: string;
      capturedCents: number;
      refundedCents: number;
      /** True once everything captured has been refunded. */
      fullyRefunded: boolean;
    }
  | { id: string; type: 'other'; stripeType: string; created: number };

/** Thrown by {@link StripeGateway.verifyWebhook} for a body whose signature does not verify. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(`Stripe webhook refused: ${message}`);
    this.name = 'WebhookSignatureError';
  }
}

/** Thrown when Stripe refuses a call the shop should never make, or cannot be reached. */
export class StripeGatewayError extends Error {
  constructor(readonly failure: StripeFailure) {
    super(failure.message);
    this.name = 'StripeGatewayError';
  }
}

/** Input of {@link StripeGateway.createAuthorisation}. */
export interface AuthorisationInput {
  amountCents: number;
  /** ISO 4217 code, any case (e.g. 'GBP'). */
  currency: string;
  orderNumber: string;
  /** One per checkout attempt: a repeated call with it returns the same payment, never a second one. */
  idempotencyKey: string;
  /** A PaymentMethod id (pm_…) to confirm with at once; without it the browser confirms with the client secret. */
  paymentMethod?: string;
  /** Where the bank's 3-D Secure page sends the shopper back when the server confirms; none for Stripe.js's own flow. */
  returnUrl?: string;
}

const RETRYABLE_TYPES = new Set(['StripeAPIError', 'StripeConnectionError', 'StripeRateLimitError']);
/** Stripe's own names for the SDK errors that carry no code from the API. */
const TYPE_CODES: Record<string, string> = {
  StripeConnectionError: 'api_connection_error',
  StripeAPIError: 'api_error',
  StripeRateLimitError: 'rate_limit',
  StripeAuthenticationError: 'authentication_error',
};

/**
 * The shop's only door to Stripe: card payments authorised with manual capture, captured,
 * released and refunded through the official SDK, and webhook events verified and typed.
 */
export class StripeGateway {
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;
  private readonly tolerance: number;

  constructor(options: StripeGatewayOptions) {
    if (!options.secretKey) throw new Error('StripeGateway needs a secret key (STRIPE_SECRET_KEY).');
    if (!options.webhookSecret) throw new Error('StripeGateway needs a webhook signing secret (STRIPE_WEBHOOK_SECRET).');
    const base = options.apiBase ? new URL(options.apiBase) : null;
    if (base && base.protocol !== 'http:' && base.protocol !== 'https:') {
      throw new Error(`STRIPE_API_BASE must be an http(s) origin, not ${options.apiBase}.`);
    }
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      timeout: options.timeoutMs ?? 20_000,
      telemetry: false,
      appInfo: { name: 'graphene-coatings-shop' },
      ...(base
        ? {
            host: base.hostname,
            port: base.port ? Number(base.port) : base.protocol === 'https:' ? 443 : 80,
            protocol: base.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
    this.webhookSecret = options.webhookSecret;
    this.tolerance = options.webhookToleranceSeconds ?? 300;
  }

  /**
   * Creates a card payment for an order with manual capture (nothing is taken until capture).
   * With `paymentMethod` it is confirmed at once: authorised, requires_action or declined;
   * without, it awaits the browser. A decline is a status here, not an error.
   */
  async createAuthorisation(input: AuthorisationInput): Promise<StripePayment> {
    if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) {
      throw new Error(`amountCents must be a positive integer, not ${input.amountCents}.`);
    }
    const params: Stripe.PaymentIntentCreateParams = {
      amount: input.amountCents,
      currency: input.currency.toLowerCase(),
      capture_method: 'manual',
      // Card only: no redirect-based methods, so a server-side confirm needs no return_url.
      allowed_payment_method_types: ['card'],
      metadata: { order_number: input.orderNumber },
      description: `Order ${input.orderNumber}`,
      expand: ['latest_charge'],
    };
    if (input.paymentMethod) {
      params.payment_method = input.paymentMethod;
      params.confirm = true;
      if (input.returnUrl) params.return_url = input.returnUrl;
    }
    try {
      const intent = await this.stripe.paymentIntents.create(params, { idempotencyKey: input.idempotencyKey });
      return toPayment(intent);
    } catch (error) {
      const declined = declinedPayment(error);
      if (declined) return declined;
      throw asGatewayError(error);
    }
  }

  /** The payment as Stripe holds it now. */
  async retrieve(reference: string): Promise<StripePayment> {
    try {
      return toPayment(await this.stripe.paymentIntents.retrieve(reference, { expand: ['latest_charge'] }));
    } catch (error) {
      throw asGatewayError(error);
    }
  }

  /**
   * Takes the held money: all of it, or `amountCents` of it (Stripe releases the rest). A payment
   * already captured answers ok with its state, so a repeated capture is harmless.
   */
  async capture(reference: string, amountCents?: number, options: { idempotencyKey?: string } = {}): Promise<StripeOutcome<StripePayment>> {
    try {
      const intent = await this.stripe.paymentIntents.capture(
        reference,
        { ...(amountCents === undefined ? {} : { amount_to_capture: amountCents }), expand: ['latest_charge'] },
        options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {},
      );
      return { ok: true, value: toPayment(intent) };
    } catch (error) {
      return this.settledAlready(reference, error, 'captured');
    }
  }

  /**
   * Releases the hold (cancels the PaymentIntent) for `reason` (Stripe's cancellation reasons;
   * 'requested_by_customer' by default); a payment already released answers ok.
   */
  async release(
    reference: string,
    options: { idempotencyKey?: string; reason?: 'requested_by_customer' | 'abandoned' | 'duplicate' | 'fraudulent' } = {},
  ): Promise<StripeOutcome<StripePayment>> {
    try {
      const intent = await this.stripe.paymentIntents.cancel(
        reference,
        { cancellation_reason: options.reason ?? 'requested_by_customer', expand: ['latest_charge'] },
        options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {},
      );
      return { ok: true, value: toPayment(intent) };
    } catch (error) {
      return this.settledAlready(reference, error, 'released');
    }
  }

  /** Returns `amountCents` of a captured payment to the card; never more than is left of it. */
  async refund(reference: string, amountCents: number, idempotencyKey: string): Promise<StripeOutcome<StripeRefund>> {
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: reference, amount: amountCents },
        { idempotencyKey },
      );
      return {
        ok: true,
        value: {
          reference: refund.id,
          paymentReference: reference,
          amountCents: refund.amount,
          status: (refund.status ?? 'pending') as StripeRefund['status'],
        },
      };
    } catch (error) {
      return { ok: false, failure: toFailure(error) };
    }
  }

  /**
   * Checks a webhook's Stripe-Signature against the raw body (exact bytes as received) and
   * returns the typed event; throws {@link WebhookSignatureError} when it does not verify.
   */
  verifyWebhook(rawBody: string | Uint8Array, signatureHeader: string | null | undefined): StripeWebhookEvent {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody),
        signatureHeader ?? '',
        this.webhookSecret,
        this.tolerance,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message.split('\n')[0]!.trim() : String(error);
      throw new WebhookSignatureError(message);
    }
    return toWebhookEvent(event);
  }

  /** After a refused capture or release: ok when the payment is already where the call would take it. */
  private async settledAlready(
    reference: string,
    error: unknown,
    wanted: 'captured' | 'released',
  ): Promise<StripeOutcome<StripePayment>> {
    const failure = toFailure(error);
    if (failure.code === 'payment_intent_unexpected_state') {
      // The refusal is the answer when the payment cannot be read either.
      const now = await this.retrieve(reference).catch(() => null);
      if (now?.status === wanted) return { ok: true, value: now };
    }
    return { ok: false, failure };
  }
}

function toPayment(intent: Stripe.PaymentIntent): StripePayment {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  const error = intent.last_payment_error;
  const payment: StripePayment = {
    reference: intent.id,
    status: statusOf(intent),
    clientSecret: intent.client_secret,
    amountCents: intent.amount,
    currency: intent.currency,
    authorisedCents: intent.amount_capturable,
    capturedCents: intent.amount_received,
    refundedCents: charge ? refundedOfCaptured(charge) : 0,
    orderNumber: intent.metadata?.order_number ?? null,
    card: card && card.last4 ? { brand: card.brand ?? 'unknown', last4: card.last4 } : null,
    captureBefore:
      intent.status === 'requires_capture' && card?.capture_before ? new Date(card.capture_before * 1000).toISOString() : null,
  };
  if (error && payment.status === 'declined') {
    payment.declineCode = error.decline_code ?? error.code ?? 'card_declined';
    if (error.message) payment.declineMessage = error.message;
  }
  if (intent.status === 'canceled') payment.releaseReason = intent.cancellation_reason;
  return payment;
}

/**
 * Money returned of what was captured. Stripe counts the part of a hold it released (not
 * captured, or the whole hold when cancelled) in the charge's amount_refunded; that is not a refund.
 */
function refundedOfCaptured(charge: Pick<Stripe.Charge, 'amount' | 'amount_captured' | 'amount_refunded' | 'captured'>): number {
  if (!charge.captured) return 0;
  return Math.max(0, charge.amount_refunded - (charge.amount - charge.amount_captured));
}

function statusOf(intent: Stripe.PaymentIntent): StripePaymentStatus {
  switch (intent.status) {
    case 'requires_capture':
      return 'authorised';
    case 'requires_action':
      return 'requires_action';
    case 'processing':
      return 'processing';
    case 'succeeded':
      return 'captured';
    case 'canceled':
      return 'released';
    case 'requires_payment_method':
      return intent.last_payment_error ? 'declined' : 'awaiting_payment';
    default:
      return 'awaiting_payment';
  }
}

/** A card decline at creation: the SDK throws, but the PaymentIntent exists and can take another card. */
function declinedPayment(error: unknown): StripePayment | null {
  if (!(error instanceof Stripe.errors.StripeCardError)) return null;
  const intent = error.payment_intent as Stripe.PaymentIntent | undefined;
  if (!intent) return null;
  const payment = toPayment(intent);
  payment.status = 'declined';
  payment.declineCode = error.decline_code || error.code || 'card_declined';
  payment.declineMessage = error.message;
  return payment;
}

function toFailure(error: unknown): StripeFailure {
  if (error instanceof Stripe.errors.StripeError) {
    return {
      code: error.code ?? error.rawType ?? TYPE_CODES[error.type] ?? error.type,
      message: error.message,
      retryable: RETRYABLE_TYPES.has(error.type),
    };
  }
  return { code: 'unexpected', message: error instanceof Error ? error.message : String(error), retryable: false };
}

function asGatewayError(error: unknown): StripeGatewayError {
  return new StripeGatewayError(toFailure(error));
}

function toWebhookEvent(event: Stripe.Event): StripeWebhookEvent {
  const object = event.data.object as unknown as Record<string, unknown>;
  if (event.type === 'charge.refunded') {
    const charge = object as unknown as Stripe.Charge;
    return {
      id: event.id,
      type: 'charge.refunded',
      created: event.created,
      paymentReference: typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? ''),
      capturedCents: charge.amount_captured,
      refundedCents: refundedOfCaptured(charge),
      fullyRefunded: charge.refunded,
    };
  }
  const handled = (HANDLED_STRIPE_EVENTS as readonly string[]).includes(event.type);
  if (handled && object.object === 'payment_intent') {
    return {
      id: event.id,
      type: event.type as Exclude<(typeof HANDLED_STRIPE_EVENTS)[number], 'charge.refunded'>,
      created: event.created,
      payment: toPayment(object as unknown as Stripe.PaymentIntent),
    };
  }
  return { id: event.id, type: 'other', stripeType: event.type, created: event.created };
}
