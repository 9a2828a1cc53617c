import { persistentAtom } from '@nanostores/persistent';

/** Units the paint calculator measures in. */
export type PaintUnits = 'metric' | 'us';

/** localStorage key of the calculator's units. */
export const PAINT_UNITS_STORAGE_KEY = 'graphene-paint-units';

/** The shopper's chosen units for the paint calculator, remembered in localStorage (metric until chosen). */
export const $paintUnits = persistentAtom<PaintUnits>(PAINT_UNITS_STORAGE_KEY, 'metric', {
  encode: (v) => v,
  decode: (v) => (v === 'us' ? 'us' : 'metric'),
});

/** Chooses the calculator's units. */
export function setPaintUnits(units: PaintUnits): void {
  $paintUnits.set(units);
}
