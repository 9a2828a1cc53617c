import { lazy, Suspense, type ReactNode } from 'react';
import type { CardPaymentHandle } from './CardPayment';

// Stripe's card element and Stripe.js load only when the shopper picks card.
const CardPayment = lazy(() => import('./CardPayment'));

/** The payment methods the checkout may offer. */
export type PaymentMethodChoice = 'bank_transfer' | 'card' | 'account';

/** What the payment step shows and changes; the checkout keeps the state. */
export interface PaymentStepProps {
  method: PaymentMethodChoice;
  onMethod: (method: PaymentMethodChoice) => void;
  /** The card provider's publishable key when card is offered, else null (bank transfer only). */
  cardKey: string | null;
  /** A signed-in trade customer whose account has terms: 'Pay on account' is offered. */
  payOnAccount: boolean;
  processing: boolean;
  onCardReady: (handle: CardPaymentHandle | null) => void;
  saveInfo: boolean;
  newsletter: boolean;
  onPreference: (key: 'saveInfo' | 'newsletter', value: boolean) => void;
}

/** Step 3: how to pay (bank transfer; card when a provider is configured; on account for trade customers with terms) and the two preferences. */
export default function PaymentStep({ method, onMethod, cardKey, payOnAccount, processing, onCardReady, saveInfo, newsletter, onPreference }: PaymentStepProps) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <fieldset className="grid gap-3 sm:col-span-2">
        <legend className="text-sm font-semibold text-ink">Payment method</legend>
        <MethodOption
          id="pay-bank-transfer"
          value="bank_transfer"
          label="Pay by bank transfer"
          checked={method === 'bank_transfer'}
          disabled={processing}
          onSelect={() => onMethod('bank_transfer')}
          note="Once you place the order you get our bank details on the next page and by e-mail: transfer the total quoting your order number as the reference. Nothing is charged to a card."
        />
        {cardKey && (
          <MethodOption
            id="pay-card"
            value="card"
            label="Card"
            checked={method === 'card'}
            disabled={processing}
            onSelect={() => onMethod('card')}
            note="Charged only once we approve your order; your bank may ask you to confirm. Card details go straight to Stripe."
          >
            {method === 'card' && (
              <Suspense fallback={null}>
                <CardPayment publishableKey={cardKey} onReady={onCardReady} />
              </Suspense>
            )}
          </MethodOption>
        )}
        {payOnAccount && (
          <MethodOption
            id="pay-account"
            value="account"
            label="Pay on account"
            checked={method === 'account'}
            disabled={processing}
            onSelect={() => onMethod('account')}
            note="Nothing to pay now: we invoice your company, due at your account's terms."
          />
        )}
      </fieldset>
      <fieldset className="grid gap-1 sm:col-span-2">
        <legend className="sr-only">Preferences</legend>
        <Checkbox checked={saveInfo} onChange={(v) => onPreference('saveInfo', v)}>
          Save this information for next time
        </Checkbox>
        <Checkbox checked={newsletter} onChange={(v) => onPreference('newsletter', v)}>
          Email me with news and offers
        </Checkbox>
      </fieldset>
    </div>
  );
}

/** One payment method: a radio with its label and note; what the method needs (the card field) goes in the note. */
function MethodOption(props: { id: string; value: string; label: string; note: string; checked: boolean; disabled: boolean; onSelect: () => void; children?: ReactNode }) {
  const { id, value, label, note, checked, disabled, onSelect, children } = props;
  return (
    <div className={`flex items-start gap-3 rounded-xl p-4 ${checked ? 'border-2 border-ink bg-paper' : 'border border-line bg-white'}`}>
      <input
        id={id}
        type="radio"
        name="paymentMethod"
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={onSelect}
        aria-describedby={`${id}-note`}
        className="mt-0.5 h-5 w-5 shrink-0 accent-accent"
      />
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="block cursor-pointer font-semibold text-ink">
          {label}
        </label>
        <p id={`${id}-note`} className="mt-1 text-sm text-ink-soft">
          {note}
        </p>
        {children}
      </div>
    </div>
  );
}

/** A 44 px checkbox row. */
function Checkbox({ checked, onChange, children }: { checked: boolean; onChange: (value: boolean) => void; children: ReactNode }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-ink">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="h-5 w-5 shrink-0 rounded border-ink/30 accent-accent" />
      {children}
    </label>
  );
}
