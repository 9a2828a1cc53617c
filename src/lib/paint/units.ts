/**
 * Units of paint: pack sizes to litres, areas m² ⇄ ft², spread rates m²/L ⇄ ft²/gal, and the zod
 * schemas of a product's `packSize` and `coverage`. Pure, for browser and server.
 *
 * Gallons and quarts are US liquid measures (the shop's prices are in dollars and its American
 * suppliers label in US gallons); the UK (imperial) gallon of 4.54609 L is not used anywhere.
 * Ounces are avoirdupois ounces of net weight (aerosols and powders are labelled 'Net wt 12 oz');
 * fluid ounces are not a pack unit here.
 */
import '../schemas/zod-config';
import { z } from 'zod';

export * from './pack-units';
import {
  COATS_MAX,
  PACK_SIZE_MAX,
  PACK_UNITS,
  packSizeToKilograms,
  packSizeToLitres,
  SPREAD_RATE_MAX_M2_PER_L,
  SPREAD_RATE_MIN_M2_PER_L,
  SPREAD_RATE_UNITS,
  spreadRateToFt2PerGal,
  spreadRateToM2PerL,
  toM2PerL,
  type SpreadRateUnit,
} from './pack-units';

/** The amount in a pack: a positive number and its unit (L, mL, gal, qt, kg, g, oz). */
export const packSizeSchema = z
  .object({
    /** How many units: positive and finite. */
    value: z.number().positive('A pack size must be more than 0.').finite(),
    /** The unit of `value`. */
    unit: z.enum(PACK_UNITS, { error: `A pack size's unit must be one of ${PACK_UNITS.join(', ')}.` }),
  })
  .refine(
    (s) => (packSizeToLitres(s) ?? packSizeToKilograms(s)!) <= PACK_SIZE_MAX,
    { message: `A pack size must be at most ${PACK_SIZE_MAX} L or ${PACK_SIZE_MAX} kg.`, path: ['value'] },
  );
/** A pack size as the catalogue writes it. */
export type PackSize = z.infer<typeof packSizeSchema>;

function formatRate(m2PerL: number, unit: SpreadRateUnit): string {
  return unit === 'm2/L' ? `${m2PerL} m²/L` : `${Math.round(spreadRateToFt2PerGal(m2PerL))} ft²/gal`;
}

/** A spread rate range per coat, as the catalogue writes it: min ≤ max, positive and plausible, in m²/L or ft²/gal. */
export const spreadRateSchema = z
  .object({
    /** The lowest rate the maker states (rough or porous surfaces). */
    min: z.number().positive('The spread rate must be more than 0.').finite(),
    /** The highest rate the maker states (smooth, sealed surfaces); at least min. */
    max: z.number().positive('The spread rate must be more than 0.').finite(),
    /** The unit of min and max. */
    unit: z.enum(SPREAD_RATE_UNITS, { error: "The spread rate's unit must be m2/L or ft2/gal." }),
  })
  .superRefine((rate, ctx) => {
    const { min, max, unit } = rate;
    if (!(min > 0 && max > 0)) return;
    if (min > max) {
      ctx.addIssue({
        code: 'custom',
        path: ['min'],
        message: `The spread rate's minimum (${min}) must not be more than its maximum (${max}).`,
      });
    }
    for (const key of ['min', 'max'] as const) {
      const m2PerL = toM2PerL(rate[key], unit);
      // A rounding margin so that 1222 ft²/gal (29.99 m²/L) written by hand is not refused.
      if (m2PerL < SPREAD_RATE_MIN_M2_PER_L * 0.995 || m2PerL > SPREAD_RATE_MAX_M2_PER_L * 1.005) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `A spread rate of ${rate[key]} ${unit} is not plausible: paints cover ${formatRate(SPREAD_RATE_MIN_M2_PER_L, unit)} to ${formatRate(SPREAD_RATE_MAX_M2_PER_L, unit)}.`,
        });
      }
    }
  });
/** A spread rate range as the catalogue writes it. */
export type SpreadRate = z.infer<typeof spreadRateSchema>;

/** Coats a product may recommend: a whole number from 1 to COATS_MAX. */
export const recommendedCoatsSchema = z
  .number({ error: 'Coats must be a whole number.' })
  .int('Coats must be a whole number.')
  .min(1, 'At least 1 coat.')
  .max(COATS_MAX, `At most ${COATS_MAX} coats.`);

/** The same rate range in the other unit (m²/L ⇄ ft²/gal), rounded to 2 decimals in m²/L and whole ft²/gal. */
export function convertSpreadRate(rate: SpreadRate, unit: SpreadRateUnit): SpreadRate {
  if (rate.unit === unit) return { ...rate };
  if (unit === 'm2/L') {
    const round = (n: number) => Math.round(spreadRateToM2PerL(n) * 100) / 100;
    return { min: round(rate.min), max: round(rate.max), unit };
  }
  return { min: Math.round(spreadRateToFt2PerGal(rate.min)), max: Math.round(spreadRateToFt2PerGal(rate.max)), unit };
}

/** A paint's coverage: spread rate range per coat, recommended coats, and whether a primer is advised. */
export const coverageSchema = z.object({
  /** Area one unit of volume covers in one coat, as a range (min ≤ max), in m²/L or ft²/gal. */
  spreadRate: spreadRateSchema,
  /** Coats the maker recommends: a whole number from 1 to COATS_MAX. */
  coats: recommendedCoatsSchema,
  /** Whether the maker advises a primer first. */
  primerAdvised: z.boolean(),
});
/** A paint's coverage as the catalogue writes it. */
export type Coverage = z.infer<typeof coverageSchema>;
