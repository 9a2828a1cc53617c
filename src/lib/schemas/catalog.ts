import './zod-config';
import { z } from 'zod';
import { packSizeSchema, recommendedCoatsSchema, spreadRateSchema } from '../paint/units';
import { CATEGORY_ICONS, FINISHES, PRODUCT_CATEGORIES } from '../constants';
import { productDocumentSchema } from './product-documents';
import { dangerousGoodsSchema, productHazardSchema, productVocSchema } from './product-safety';

/** A URL-safe lower-case identifier: letters, digits and single hyphens. */
export const slugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Must be lower-case letters, digits and single hyphens.');

/** A money amount in dollars as the catalogue files write it: >= 0, at most two decimals. */
export const dollarsSchema = z
  .number()
  .nonnegative()
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'At most two decimals.');

/** What a malformed quantity price is told. */
export const PRICE_TIER_MESSAGE = 'Each quantity price is a whole quantity from 2 and a price, e.g. 10: 18.50.';

/** One public quantity tier of a product: from `minQuantity` units (2 or more) each costs `price` dollars. */
export const priceTierSchema = z.object({
  /** The quantity of one order line from which the tier's price applies; at least 2. */
  minQuantity: z.number({ error: PRICE_TIER_MESSAGE }).int({ error: PRICE_TIER_MESSAGE }).min(2, { error: PRICE_TIER_MESSAGE }).max(10_000, { error: PRICE_TIER_MESSAGE }),
  /** Unit price in dollars at that quantity; below the product's price. */
  price: z.number({ error: PRICE_TIER_MESSAGE }).pipe(dollarsSchema),
});
export type PriceTier = z.infer<typeof priceTierSchema>;

/** The cross-field rules of a product's public tiers: each quantity once, each price below the product's price. */
export function checkPriceTiers(tiers: readonly PriceTier[] | null | undefined, price: number, ctx: z.RefinementCtx, path = 'priceTiers'): void {
  const seen = new Set<number>();
  (tiers ?? []).forEach((tier, i) => {
    if (seen.has(tier.minQuantity)) ctx.addIssue({ code: 'custom', path: [path, i, 'minQuantity'], message: `A tier from ${tier.minQuantity} is listed twice.` });
    seen.add(tier.minQuantity);
    if (tier.price >= price) ctx.addIssue({ code: 'custom', path: [path, i, 'price'], message: 'A tier price must be below the price.' });
  });
}

/** A site path (starting with '/') or an absolute http(s) URL. */
export const imageRefSchema = z
  .string()
  .min(1)
  .refine((s) => s.startsWith('/') || /^https?:\/\//.test(s), 'Must be a /path or an http(s) URL.');

/** One row of a product's technical data: name, value and an optional unit. */
export const technicalSpecSchema = z.object({
  /** What is measured, e.g. 'Dry to touch'. */
  name: z.string().min(1),
  /** The figure or text, e.g. '30'. */
  value: z.string().min(1),
  /** The unit, e.g. 'min'; empty when the value carries none. */
  unit: z.string().optional(),
});
export type TechnicalSpec = z.infer<typeof technicalSpecSchema>;

/** Shapes the product illustrations are drawn as. */
export const PRODUCT_VISUAL_KINDS = [
  'can',
  'pail',
  'drum',
  'aerosol',
  'bottle',
  'kit',
  'spray-gun',
  'sprayer',
  'tip',
  'tip-guard',
  'hose',
  'respirator',
  'cartridge',
  'tape',
  'roller',
  'brush',
] as const;

/** How the generated illustration of a product looks. */
export const productVisualSchema = z.object({
  /** The object drawn. */
  kind: z.enum(PRODUCT_VISUAL_KINDS),
  /** The product's colour (paint colour, or the body colour of equipment), '#rrggbb'. */
  color: z.string().regex(/^#[0-9a-f]{6}$/i, "Must be a '#rrggbb' colour."),
  /** The colour's name as sold, e.g. 'RAL 5010 Gentian Blue'. */
  colorName: z.string().optional(),
});
export type ProductVisual = z.infer<typeof productVisualSchema>;

/** A product of the catalogue (spec §3), as the content files and the API write it. */
export const productSchema = z
  .object({
    /** Stable identifier, unique across all product lists. */
    id: z.string().min(1),
    /** URL segment of the product page /shop/<slug>; unique. */
    slug: slugSchema,
    /** Display name. */
    name: z.string().min(2),
    /** Stock-keeping unit; unique across the catalogue. */
    sku: z.string().min(2),
    // Paint family and coverage (issue 24): one block, so other product fields merge beside it.
    /** Slug shared by the pack sizes of one paint (its family); null when the product has no family. */
    family: slugSchema.nullable().optional(),
    /** The amount in one pack ({ value, unit }: L, mL, gal, qt, kg, g, oz); null for what is not sold by volume or weight. */
    packSize: packSizeSchema.nullable().optional(),
    /** Area one unit of volume covers in one coat ({ min, max, unit: 'm2/L' | 'ft2/gal' }); null when the maker states none per volume. */
    spreadRate: spreadRateSchema.nullable().optional(),
    /** Coats the maker recommends (1 to COATS_MAX); null when not a paint. */
    recommendedCoats: recommendedCoatsSchema.nullable().optional(),
    /** Whether the maker advises a primer before it. */
    primerAdvised: z.boolean().optional(),
    /** Whether the shop tints it to a colour chosen by code (src/lib/paint/colours.ts); absent means not tintable. */
    tintable: z.boolean().optional(),
    /** Price in dollars. */
    price: dollarsSchema,
    /** Price before a reduction, in dollars; shown struck through when above price. */
    originalPrice: dollarsSchema.optional(),
    /** Public quantity tiers ('Buy 10+ for $X each') every shopper gets, guests included; absent when none. */
    priceTiers: z.array(priceTierSchema).max(10).optional(),
    /** Marketing description, plain text. */
    description: z.string().min(10),
    /** One of the catalogue's categories; also the brand-grid key. */
    category: z.enum(PRODUCT_CATEGORIES),
    /** Maker's brand name. */
    brand: z.string().min(1),
    /** Image of the brand's logo. */
    brandLogo: imageRefSchema,
    /** GHS hazard communication (pictograms, signal word, statements, UFI); null when not classified. */
    hazard: productHazardSchema.nullish(),
    /** VOC content per Directive 2004/42/EC; null when the product is not a decorative coating. */
    voc: productVocSchema.nullish(),
    /** Dangerous-goods data of the pack for shipping; null when it is not dangerous goods. */
    dangerousGoods: dangerousGoodsSchema.nullish(),
    /** The current safety and technical data sheets (uploaded by staff; absent when none). */
    documents: z.array(productDocumentSchema).optional(),
    /** Main image. */
    image: imageRefSchema,
    /** Further images; the main image is not repeated here. */
    gallery: z.array(imageRefSchema),
    /** Whether it can be ordered now. */
    inStock: z.boolean(),
    /** Units on hand, when stock is counted; 0 means out of stock. */
    stockQuantity: z.number().int().nonnegative().optional(),
    /** Low-VOC / eco certified. */
    isEcoFriendly: z.boolean(),
    /** Shows the 'New' badge; sorts first under 'newest'. */
    isNew: z.boolean(),
    /** Sorts first under 'popular'; eligible for featured grids. */
    isPopular: z.boolean(),
    /** Sold by quotation only: no price shown, no add to cart. */
    requestQuoteOnly: z.boolean(),
    /** Average rating 0-5 with one decimal. */
    rating: z
      .number()
      .min(0)
      .max(5)
      .refine((n) => Math.abs(Math.round(n * 10) - n * 10) < 1e-6, 'At most one decimal.'),
    /** Number of reviews. */
    reviews: z.number().int().nonnegative(),
    /** Selling points, one line each. */
    features: z.array(z.string().min(1)),
    /** Technical data sheet rows. */
    technicalSpecs: z.array(technicalSpecSchema),
    /** Certifications and standards, e.g. 'GREENGUARD Gold'. */
    certifications: z.array(z.string().min(1)),
    /** How to apply or use it. */
    usageInstructions: z.string().min(1),
    /** Coverage, e.g. '350-400 sq ft per gallon'. */
    coverage: z.string().min(1),
    /** Sheen of the dry film (spec §9). */
    finish: z.enum(FINISHES),
    /** How the generated illustration looks; absent for products with uploaded images. */
    visual: productVisualSchema.optional(),
  })
  .superRefine((p, ctx) => {
    if (p.stockQuantity !== undefined && p.inStock !== p.stockQuantity > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['inStock'],
        message: 'inStock must be true exactly when stockQuantity is above 0.',
      });
    }
    if (p.originalPrice !== undefined && p.originalPrice <= p.price) {
      ctx.addIssue({
        code: 'custom',
        path: ['originalPrice'],
        message: 'originalPrice must be above price.',
      });
    }
    checkPriceTiers(p.priceTiers, p.price, ctx);
  });
export type Product = z.infer<typeof productSchema>;

/** A Category/Brand of spec §3: the brand grid of the shop. */
export const categorySchema = z.object({
  /** Stable identifier. */
  id: z.string().min(1),
  /** Name; products whose category equals it count towards it. */
  name: z.string().min(1),
  /** One or two sentences shown on its tile. */
  description: z.string().min(1),
  /** Tile image. */
  image: imageRefSchema,
  /** Icon name; 'Package' when not set. */
  icon: z.enum(CATEGORY_ICONS).default('Package'),
  /** Shown among featured brands. */
  featured: z.boolean(),
  /** Tailwind-free CSS gradient of its tile, e.g. 'linear-gradient(135deg, #0f2b46, #1d6fa5)'. */
  gradient: z.string().min(1),
  /** Position in lists, ascending. */
  order: z.number().int().positive(),
  /** ISO 8601 creation time. */
  createdAt: z.iso.datetime(),
  /** ISO 8601 time of the last change. */
  updatedAt: z.iso.datetime(),
});
export type Category = z.infer<typeof categorySchema>;

/** Duplicate values of `field` across products, with the ids that share them. */
export function findDuplicates(
  products: readonly { id: string; [k: string]: unknown }[],
  field: string,
): { value: string; ids: string[] }[] {
  const seen = new Map<string, string[]>();
  for (const p of products) {
    const value = String(p[field]).toLowerCase();
    seen.set(value, [...(seen.get(value) ?? []), p.id]);
  }
  return [...seen.entries()]
    .filter(([, ids]) => ids.length > 1)
    .map(([value, ids]) => ({ value, ids }));
}
