/**
 * What a sample pot is: a family member of at most SAMPLE_POT_MAX_LITRES when the family also sells
 * a bigger size (a size rule, not a product field). Without zod, so the shop's worker can group
 * family cards by it. Pure.
 */
import { packSizeToLitres, type PackUnit } from './pack-units';

/** The most a sample pot holds, litres: 8 fl oz and 250 mL testers are well under it, a quart is over. */
export const SAMPLE_POT_MAX_LITRES = 0.5;

/** Whether a pack size is sample-pot sized: a volume of at most SAMPLE_POT_MAX_LITRES (a mass never is). */
export function isSamplePot(size: { value: number; unit: PackUnit }): boolean {
  const litres = packSizeToLitres(size);
  return litres !== null && litres <= SAMPLE_POT_MAX_LITRES;
}

/**
 * A family's sample pots: its sample-pot-sized members when it also sells a bigger size. A paint
 * sold only in small bottles (a 16 oz patina) has none: its bottle is how it is bought.
 */
export function familySamplePots<T extends { packSize: { value: number; unit: PackUnit } }>(sizes: readonly T[]): T[] {
  const pots = sizes.filter((s) => isSamplePot(s.packSize));
  return pots.length < sizes.length ? pots : [];
}
