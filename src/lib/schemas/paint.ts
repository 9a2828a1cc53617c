import './zod-config';
import { z } from 'zod';
import { SURFACES } from '../paint/estimate';
import { COATS_MAX, packSizeSchema } from '../paint/units';

/** The largest area one estimate takes, m² (a warehouse's walls; more is a trade enquiry). */
export const ESTIMATE_AREA_MAX_M2 = 50_000;

/** The query of `GET /api/paint/estimate?product=<id>&area=<m²>&coats=<n>&surface=smooth|textured|porous`. */
export const estimateQuerySchema = z.object({
  /** The product whose family's pack sizes are compared. */
  product: z.string({ error: 'Please give a product.' }).trim().min(1, 'Please give a product.').max(200),
  /** Area to paint in m², after doors and windows. */
  area: z.coerce
    .number({ error: 'The area must be a number of square metres.' })
    .finite('The area must be a number of square metres.')
    .min(0, 'The area must be at least 0 m².')
    .max(ESTIMATE_AREA_MAX_M2, `The area must be at most ${ESTIMATE_AREA_MAX_M2.toLocaleString('en-US')} m².`),
  /** Coats; absent means the product's recommended coats. */
  coats: z.coerce
    .number({ error: 'Coats must be a whole number.' })
    .int('Coats must be a whole number.')
    .min(1, 'At least 1 coat.')
    .max(COATS_MAX, `At most ${COATS_MAX} coats.`)
    .optional(),
  /** Where in the spread range to plan; smooth when absent. */
  surface: z.enum(SURFACES, { error: 'The surface must be smooth, textured or porous.' }).default('smooth'),
});
/** A parsed estimate query. */
export type EstimateQuery = z.infer<typeof estimateQuerySchema>;

/** The query of `GET /api/paint/family?slug=<family>`. */
export const familyQuerySchema = z.object({
  /** The family's slug. */
  slug: z
    .string({ error: 'Please give a family.' })
    .trim()
    .min(1, 'Please give a family.')
    .max(80, 'A family is at most 80 characters.')
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'A family is lower-case letters, digits and single hyphens.'),
});

/** One size of a family as GET /api/paint/family answers it. */
export const familySizeSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  image: z.string(),
  category: z.string(),
  packSize: packSizeSchema,
  /** Price in dollars. */
  price: z.number(),
  inStock: z.boolean(),
  stockQuantity: z.number().int().optional(),
  requestQuoteOnly: z.boolean(),
});

/** The answer of GET /api/paint/family. */
export const familyResponseSchema = z.object({ family: z.string(), sizes: z.array(familySizeSchema) });
/** A parsed family answer. */
export type FamilyResponse = z.infer<typeof familyResponseSchema>;
