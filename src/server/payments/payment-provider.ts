/**
 * The payment boundary: what the shop asks of whoever moves its money. The orders and payments
 * services talk only to this interface; each provider (bank transfer here, a card gateway beside
 * it) turns the calls into its own. Amounts are integer cents. Calls that reach an outside service
 * are made outside any database transaction, and their outcomes are
 * recorded afterwards, so a provider that fails leaves the order as it was plus a recorded problem.
 */
import type { PaymentMethod } from '../../lib/schemas/order';

/** The payment of one order as the shop keeps it. */
export interface PaymentRecord {
  orderId: string;
  orderNumber: string;
  method: PaymentMethod;
  /** The provider's id (PaymentProvider.id). */
  provider: string;
  /** The provider's reference (for a bank transfer: the order number the customer quotes). */
  reference: string | null;
  totalCents: number;
  authorisedCents: number;
  capturedCents: number;
  refundedCents: number;
}

/** What placing an order asks the provider to set up. */
export interface PrepareRequest {
  orderId: string;
  orderNumber: string;
  amountCents: number;
  customerEmail: string;
  /** The checkout attempt's key: the same key never sets up two payments. */
  idempotencyKey: string;
  /** What the checkout sent for this method (`{ method: 'card', ... }`), as given. */
  input: Record<string, unknown>;
}

/** A payment set up at checkout. */
export interface PreparedPayment {
  reference: string;
  /** Money held for the order now (a card authorisation); 0 for a bank transfer. */
  authorisedCents: number;
  /** What the browser needs to finish (e.g. a card confirmation secret); never stored. */
  clientData?: Record<string, unknown>;
}

/** The result of asking a provider to move money. */
export type ProviderOutcome =
  /** Done: the amount moved (captured, released or refunded). */
  | { ok: true; amountCents: number; reference?: string; /** The money still has to be sent by staff (a bank transfer refund). */ manual?: boolean }
  /** Refused or failed; nothing moved. `message` is for staff. */
  | { ok: false; message: string };

/** Something a provider reports on its own (a webhook): applied once per `eventId`. */
export interface ProviderEvent {
  eventId: string;
  /** The provider's reference of the payment it concerns. */
  reference: string;
  kind: 'authorised' | 'captured' | 'released' | 'refunded' | 'capture_failed' | 'authorisation_failed' | 'action_required';
  amountCents: number;
  message?: string;
}

/** Where a payment stands at its provider now (read from the provider, never from a notification's copy). */
export interface PaymentSnapshot {
  state: 'awaiting_payment' | 'requires_action' | 'processing' | 'authorised' | 'declined' | 'captured' | 'released';
  authorisedCents: number;
  capturedCents: number;
  refundedCents: number;
  /** The card that was charged, once there is one (brand as CARD_BRAND_IDS names it when known). */
  card: { brand: string; last4: string } | null;
  /** Why it was declined, fit to show to the shopper. */
  message?: string;
  /** Why the hold was released: 'automatic' when it lapsed at the provider. */
  releaseReason?: string | null;
  /** What the browser needs to finish (e.g. the card confirmation secret); never stored. */
  clientData?: Record<string, unknown>;
}

/** One way of taking money. */
export interface PaymentProvider {
  /** Stable id kept on each order ('bank_transfer', 'stripe', ...). */
  readonly id: string;
  readonly method: PaymentMethod;
  /**
   * Whether `prepare` calls an outside service. Then it runs after the order's transaction has
   * committed (a network call must not hold the stock's locks), and its failure cancels the order.
   */
  readonly preparesRemotely?: boolean;
  /**
   * Sets up the payment of an order being placed: inside the order's transaction for a local
   * provider, just after it for one that `preparesRemotely`. Idempotent on `idempotencyKey` and
   * the order number; throwing refuses the order (an ApiError is answered as it is).
   */
  prepare(request: PrepareRequest): Promise<PreparedPayment>;
  /** Finishes what the customer did in the browser (e.g. 3-D Secure); the amount now authorised. */
  confirm(record: PaymentRecord, input: Record<string, unknown>): Promise<ProviderOutcome>;
  /** Takes `amountCents` of what was authorised (on approval). */
  capture(record: PaymentRecord, amountCents: number, idempotencyKey: string): Promise<ProviderOutcome>;
  /** Releases what is authorised and not captured (decline, cancel, expiry). */
  release(record: PaymentRecord, idempotencyKey: string): Promise<ProviderOutcome>;
  /** Gives back `amountCents` of what was captured. */
  refund(record: PaymentRecord, amountCents: number, reason: string, idempotencyKey: string): Promise<ProviderOutcome>;
  /** Reads a provider's notification (signature checked; throws when it does not verify); the events it carries. */
  parseEvents?(request: Request): Promise<ProviderEvent[]>;
  /** The payment as the provider holds it now (providers whose money moves outside the shop's calls). */
  inspect?(record: PaymentRecord): Promise<PaymentSnapshot>;
}
