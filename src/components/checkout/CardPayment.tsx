import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { useEffect, useId, useRef, useState } from 'react';
import { ORDER_MESSAGES } from '../../lib/schemas/checkout-form';
import type { CardPaymentNext } from '../../lib/schemas/payments';
import { loadCardProvider, payOrderByCard, type CardPayResult } from '../../stores/card-payment';

/** What the checkout asks of the card field once it is ready. */
export interface CardPaymentHandle {
  /** The message to show when the card cannot be paid with yet (empty, incomplete, invalid); null when it can. */
  check(): string | null;
  /** Pays a placed order with the card typed (3-D Secure included) and settles it at the shop. */
  pay(orderNumber: string, next: CardPaymentNext, billing: { name: string; email: string }): Promise<CardPayResult>;
}

/** Stripe's look for its card element, in the shop's type and colours (it cannot read our CSS). */
const CARD_STYLE = {
  base: { fontSize: '16px', color: '#1c1917', fontFamily: 'system-ui, sans-serif', '::placeholder': { color: '#78716c' } },
  invalid: { color: '#b42318' },
};

/**
 * Stripe's own card element (card number, expiry and CVC in Stripe's frame: the card never touches
 * the shop), loaded when the shopper picks card. Hands the checkout its handle once mounted.
 */
export default function CardPayment({ publishableKey, onReady }: { publishableKey: string; onReady: (handle: CardPaymentHandle | null) => void }) {
  const id = useId();
  const slot = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let card: StripeCardElement | undefined;
    let cancelled = false;
    let state = { complete: false, error: null as string | null };
    void loadCardProvider(publishableKey).then((stripe: Stripe | null) => {
      if (cancelled) return;
      if (!stripe || !slot.current) return setStatus('failed');
      const mounted = stripe.elements().create('card', { hidePostalCode: true, style: CARD_STYLE });
      card = mounted;
      mounted.on('change', (event) => {
        state = { complete: event.complete, error: event.error?.message ?? null };
        setError(state.error);
      });
      mounted.mount(slot.current);
      setStatus('ready');
      onReady({
        check() {
          const problem = state.error ?? (state.complete ? null : ORDER_MESSAGES.payment);
          setError(problem);
          return problem;
        },
        pay: (orderNumber, next, billing) => payOrderByCard(stripe, mounted, orderNumber, next, billing),
      });
    });
    return () => {
      cancelled = true;
      onReady(null);
      card?.destroy();
    };
  }, [publishableKey, onReady]);

  return (
    <div className="mt-4">
      <p id={`${id}-label`} className="text-sm font-semibold text-ink">
        Card details
      </p>
      {/* Stripe owns what is inside the slot: React renders nothing in it. */}
      <div
        ref={slot}
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-busy={status === 'loading'}
        className={`mt-1.5 min-h-12 rounded-xl border bg-white px-4 py-3.5 shadow-sm ${error ? 'border-danger' : 'border-ink/20'}`}
      />
      {status === 'loading' && (
        <p role="status" className="mt-1.5 text-sm text-ink-muted">
          Loading the secure card form…
        </p>
      )}
      {status === 'failed' && (
        <p role="alert" className="mt-1.5 text-sm font-medium text-danger">
          {ORDER_MESSAGES.cardUnavailable}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
