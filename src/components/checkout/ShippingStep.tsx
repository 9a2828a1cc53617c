import { useEffect, useState, type ChangeEvent } from 'react';
import { DEFAULT_COUNTRY } from '../../lib/constants';
import { formatMoney } from '../../lib/money';
import { LIMITED_QUANTITY_PARCEL_MAX_KG, type ShippingMethodId } from '../../lib/paint/shipping';
import type { ShippingOptionsResponse } from '../../lib/schemas/order';
import { fetchShippingOptions } from '../../stores/shipping';
import { FormAlert, TextField } from '../account/fields';

/** The address fields' names. */
export type AddressField = 'address' | 'city' | 'postalCode';

/** What an address field shows and does; the checkout keeps the values and validates them. */
export interface AddressFieldProps {
  name: string;
  value: string;
  error?: string;
  required: boolean;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
}

/** What step 2 shows and changes; the checkout keeps the address, the chosen method and the server's answer. */
export interface ShippingStepProps extends ShippingMethodsProps {
  field: (name: AddressField) => AddressFieldProps;
}

/** Step 2: the delivery address and the delivery method (loaded while the shopper fills in step 1, like the payment step). */
export default function ShippingStep({ field, ...methods }: ShippingStepProps) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField label="Street address" autoComplete="street-address" className="sm:col-span-2" {...field('address')} />
      <TextField label="City" autoComplete="address-level2" {...field('city')} />
      <TextField label="Postal code" autoComplete="postal-code" autoCapitalize="characters" {...field('postalCode')} />
      <TextField label="Country" name="country" value={DEFAULT_COUNTRY} readOnly autoComplete="country-name" className="sm:col-span-2 [&_input]:bg-canvas [&_input]:text-ink-soft">
        <p className="mt-1.5 text-sm text-ink-muted">We currently deliver within the {DEFAULT_COUNTRY} only.</p>
      </TextField>
      <div className="sm:col-span-2">
        <ShippingMethods {...methods} />
      </div>
    </div>
  );
}

/** The delivery chosen at step 2: the method, its price when it is not the standard charge, and why the cart cannot ship at all. */
export interface ShippingChoice {
  method: ShippingMethodId;
  priceCents?: number;
  refusal?: string;
}

/** What the method chooser shows and changes. */
interface ShippingMethodsProps {
  lines: readonly { product: { id: string }; quantity: number }[];
  choice: ShippingChoice;
  onChoice: (choice: ShippingChoice) => void;
}

/** The delivery methods as radios (a method the cart may not use disabled with its reason) and how the order is split into parcels. */
function ShippingMethods({ lines, choice, onChoice }: ShippingMethodsProps) {
  const [answer, setAnswer] = useState<ShippingOptionsResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const items = lines.map((line) => ({ productId: line.product.id, quantity: line.quantity }));
  const cartKey = JSON.stringify(items);

  useEffect(() => {
    let current = true;
    setFailure(null);
    void fetchShippingOptions(items).then((result) => {
      if (!current) return;
      setAnswer(result.ok ? result.data : null);
      setFailure(result.ok ? null : result.message);
    });
    return () => {
      current = false;
    };
    // The cart's lines, not the array's identity, decide when to ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cartKey]);

  /** Tells the checkout the method and its price; a method the cart may not use falls back to standard. */
  const choose = (answered: ShippingOptionsResponse, method: ShippingMethodId) => {
    const option = answered.options.find((o) => o.id === method && o.available) ?? answered.options.find((o) => o.id === 'standard');
    const id = option?.id ?? 'standard';
    onChoice({ method: id, ...(id !== 'standard' && option ? { priceCents: option.priceCents } : {}), ...(answered.refusal ? { refusal: answered.refusal } : {}) });
  };

  useEffect(() => {
    if (answer) choose(answer, choice.method);
    // Only a new answer re-decides; a click decides through choose itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  if (failure) return <FormAlert message={failure} />;
  if (!answer) {
    return (
      <p role="status" className="min-h-40 animate-pulse rounded-xl bg-canvas p-4 text-sm text-ink-muted motion-reduce:animate-none">
        Checking delivery options…
      </p>
    );
  }
  const lqParcels = answer.parcels.filter((p) => p.limitedQuantity);
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-3 text-sm font-semibold text-ink">Delivery method</legend>
      {answer.refusal && <FormAlert message={answer.refusal} />}
      {answer.options.map((option) => {
        const id = `ship-${option.id}`;
        const checked = option.available && choice.method === option.id;
        return (
          <div key={option.id} className={`flex items-start gap-3 rounded-xl p-4 ${checked ? 'border-2 border-ink bg-paper' : 'border border-line bg-white'} ${option.available ? '' : 'opacity-80'}`}>
            <input
              id={id}
              type="radio"
              name="shippingMethod"
              value={option.id}
              checked={checked}
              disabled={!option.available}
              onChange={() => choose(answer, option.id)}
              aria-describedby={`${id}-note`}
              className="mt-0.5 h-5 w-5 shrink-0 accent-accent"
            />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4">
                <label htmlFor={id} className={`font-semibold ${option.available ? 'cursor-pointer text-ink' : 'text-ink-muted'}`}>
                  {option.label}
                </label>
                <span className="tabular text-sm font-semibold text-ink">{option.priceCents === 0 ? 'FREE' : formatMoney(option.priceCents)}</span>
              </div>
              <p id={`${id}-note`} className="mt-1 text-sm text-ink-soft">
                {option.days.min}–{option.days.max} business days
                {option.reason && <span className="mt-1 block font-medium text-danger">{option.reason}</span>}
              </p>
            </div>
          </div>
        );
      })}
      {lqParcels.length > 1 && (
        <p className="rounded-lg bg-canvas px-3 py-2 text-sm text-ink-soft" role="note">
          Your order ships in {answer.parcels.length} parcels: limited-quantity dangerous goods travel in parcels of at most {LIMITED_QUANTITY_PARCEL_MAX_KG} kg (
          {lqParcels.map((p) => `${p.grossWeightKg.toLocaleString('en-GB')} kg`).join(', ')}).
        </p>
      )}
    </fieldset>
  );
}
