/**
 * Pack units, areas and spread rates and their arithmetic (US gallons and quarts, avoirdupois
 * ounces): constants and pure conversions without zod, so browser code (the shop's worker, the
 * product page, the calculator) can use them lightly; units.ts adds the schemas and re-exports all of this.
 */

/** Litres in one US liquid gallon (231 cubic inches, exact). */
export const LITRES_PER_US_GALLON = 3.785411784;
/** Litres in one US liquid quart (a quarter gallon, exact). */
export const LITRES_PER_US_QUART = LITRES_PER_US_GALLON / 4;
/** Kilograms in one avoirdupois ounce (exact). */
export const KG_PER_OUNCE = 0.028349523125;
/** Square feet in one square metre (1 ft = 0.3048 m exactly). */
export const FT2_PER_M2 = 1 / (0.3048 * 0.3048);
/** ft²/gal in one m²/L. */
export const FT2_PER_GAL_PER_M2_PER_L = FT2_PER_M2 * LITRES_PER_US_GALLON;

/** Units a pack size may be written in: volumes (L, mL, gal, qt) and masses (kg, g, oz). */
export const PACK_UNITS = ['L', 'mL', 'gal', 'qt', 'kg', 'g', 'oz'] as const;
/** One pack unit. */
export type PackUnit = (typeof PACK_UNITS)[number];
/** Units of volume among the pack units. */
export const VOLUME_UNITS = ['L', 'mL', 'gal', 'qt'] as const satisfies readonly PackUnit[];
/** Units of mass among the pack units. */
export const MASS_UNITS = ['kg', 'g', 'oz'] as const satisfies readonly PackUnit[];

const LITRES_PER: Record<(typeof VOLUME_UNITS)[number], number> = {
  L: 1,
  mL: 0.001,
  gal: LITRES_PER_US_GALLON,
  qt: LITRES_PER_US_QUART,
};
const KG_PER: Record<(typeof MASS_UNITS)[number], number> = { kg: 1, g: 0.001, oz: KG_PER_OUNCE };

/** Whether a pack unit measures volume (true) or mass (false). */
export function isVolumeUnit(unit: PackUnit): unit is (typeof VOLUME_UNITS)[number] {
  return unit in LITRES_PER;
}

/**
 * Litres in a pack: exact for volume units; a mass needs the product's density in kg/L, and without
 * one the answer is null (a 5 kg tub of filler has no volume the shop knows).
 */
export function packSizeToLitres(size: { value: number; unit: PackUnit }, densityKgPerL?: number): number | null {
  if (isVolumeUnit(size.unit)) return size.value * LITRES_PER[size.unit];
  if (densityKgPerL === undefined || !(densityKgPerL > 0)) return null;
  return (size.value * KG_PER[size.unit]) / densityKgPerL;
}

/** Kilograms in a pack of a mass unit, or null for a volume unit. */
export function packSizeToKilograms(size: { value: number; unit: PackUnit }): number | null {
  return isVolumeUnit(size.unit) ? null : size.value * KG_PER[size.unit];
}

/** Square metres to square feet. */
export function squareMetresToSquareFeet(m2: number): number {
  return m2 * FT2_PER_M2;
}

/** Square feet to square metres. */
export function squareFeetToSquareMetres(ft2: number): number {
  return ft2 / FT2_PER_M2;
}

/** Metres to feet. */
export function metresToFeet(m: number): number {
  return m / 0.3048;
}

/** Feet to metres. */
export function feetToMetres(ft: number): number {
  return ft * 0.3048;
}

/** Litres to US gallons. */
export function litresToGallons(litres: number): number {
  return litres / LITRES_PER_US_GALLON;
}

/** A spread rate in m²/L to ft² per US gallon. */
export function spreadRateToFt2PerGal(m2PerL: number): number {
  return m2PerL * FT2_PER_GAL_PER_M2_PER_L;
}

/** A spread rate in ft² per US gallon to m²/L. */
export function spreadRateToM2PerL(ft2PerGal: number): number {
  return ft2PerGal / FT2_PER_GAL_PER_M2_PER_L;
}

/** Units a spread rate may be written in. */
export const SPREAD_RATE_UNITS = ['m2/L', 'ft2/gal'] as const;
/** One spread-rate unit. */
export type SpreadRateUnit = (typeof SPREAD_RATE_UNITS)[number];

// Plausible spread rates of a coating, in m²/L: below 1 is a trowelled render or a floor screed
// rather than a paint; above 30 no liquid coating reaches (thin stains and sealers stay under 25).
/** The lowest plausible spread rate, m²/L (≈ 41 ft²/gal). */
export const SPREAD_RATE_MIN_M2_PER_L = 1;
/** The highest plausible spread rate, m²/L (≈ 1,222 ft²/gal). */
export const SPREAD_RATE_MAX_M2_PER_L = 30;
/** The most coats a product may recommend. */
export const COATS_MAX = 5;
/** The largest pack the schema accepts, in litres or kilograms (a 1,000 L IBC tote). */
export const PACK_SIZE_MAX = 1000;

/** A spread rate converted to m²/L, whatever unit it was written in. */
export function toM2PerL(value: number, unit: SpreadRateUnit): number {
  return unit === 'm2/L' ? value : spreadRateToM2PerL(value);
}
