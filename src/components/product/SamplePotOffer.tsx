/**
 * The sample pot offer on a tintable paint's page: once a colour is chosen, a button that adds the
 * family's sample pot tinted to that colour; before, a quiet line saying the family has one.
 */
import { useStore } from '@nanostores/react';
import { formatPrice } from '../../lib/format';
import { formatColourLabel } from '../../lib/paint/colour-label';
import { formatSamplePotSize, toSizeCartProduct, type FamilySize } from '../../lib/paint/family';
import { addToCart } from '../../stores/cart';
import { $chosenColour } from '../../stores/colour-choice';
import { announceAddition } from '../cart/added-toast';

export interface SamplePotOfferProps {
  /** The family's sample pot to offer (chooseSamplePot's answer). */
  pot: FamilySize;
}

/** Offers the sample pot in the chosen colour. */
export default function SamplePotOffer({ pot }: SamplePotOfferProps) {
  const colour = useStore($chosenColour);
  const size = formatSamplePotSize(pot.packSize);
  const price = formatPrice(pot.price);
  if (!colour) {
    return (
      <p className="text-sm text-ink-muted">
        Sample pot available: {size} for {price}, tinted to the colour you choose.
      </p>
    );
  }
  const label = formatColourLabel(colour);
  const add = () => {
    const product = toSizeCartProduct(pot, colour);
    addToCart(product);
    announceAddition(product, 1);
  };
  return (
    <div className="flex flex-col items-start gap-2 rounded-lg bg-white px-3 py-3 ring-1 ring-line">
      <p className="text-sm text-ink">
        Not sure? Try a sample pot of <span className="font-semibold">{label}</span>: <span className="tabular whitespace-nowrap">
          {size} {price}
        </span>
      </p>
      <button
        type="button"
        onClick={add}
        className="min-h-11 rounded-lg bg-white px-4 text-sm font-semibold text-ink ring-1 ring-ink/30 hover:ring-ink"
      >
        Add sample pot<span className="sr-only"> in {label}</span>
      </button>
    </div>
  );
}
