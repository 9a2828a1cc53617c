import { atom } from 'nanostores';
import type { LineColour } from '../lib/cart';

/** The colour chosen on a tintable paint's page (null: untinted); add to cart and the calculator's mix read it. */
export const $chosenColour = atom<LineColour | null>(null);

/** Chooses a colour, or none (null). */
export function chooseColour(colour: LineColour | null): void {
  $chosenColour.set(colour);
}
