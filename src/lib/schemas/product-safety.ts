/**
 * A product's safety data (issue 25): GHS hazard communication, VOC content per Directive 2004/42/EC
 * and dangerous-goods data for shipping, as the content files and the API write them, as staff send
 * them, and as the database keeps them (statement codes only: their texts come from the bundled
 * table, src/lib/paint/ghs.ts, when read). Each is null when it does not apply. Pure and isomorphic.
 */
import './zod-config';
import { z } from 'zod';
import { GHS_PICTOGRAMS, SIGNAL_WORDS, formatStatement, isGhsPictogram, normaliseStatementCode, statementKind, type GhsPictogram, type SignalWord } from '../paint/ghs';
import { validateUfi } from '../paint/ufi';
import { VOC_SUBCATEGORIES, checkVoc, vocLimit, type VocBase, type VocSubcategory } from '../paint/voc';

/** Messages of the safety fields, as the dialog, the import and the API give them. */
export const PRODUCT_SAFETY_MESSAGES = {
  pictogram: 'Each pictogram must be one of GHS01 to GHS09.',
  signalWord: "The signal word must be 'Danger' or 'Warning'.",
  statement: 'Unknown hazard or precautionary statement code:',
  statementText: 'A statement text must be the official text of its code.',
  hazardEmpty: 'Hazard data needs at least one pictogram or statement (or none at all).',
  vocSubcategory: 'The VOC subcategory must be a letter from a to l (Directive 2004/42/EC, Annex II A).',
  vocBase: "The VOC base must be 'water' or 'solvent'.",
  vocMax: 'The maximum VOC content must be a number of g/l of at least 0.',
  vocLimit: 'The VOC limit value must be the one of Annex II A for the subcategory and base.',
  un: "The UN number must be 'UN' and four digits, e.g. UN1263.",
  transportClass: "The transport class must be written as on the label, e.g. '3' or '2.1'.",
  packingGroup: "The packing group must be 'I', 'II' or 'III'.",
  netVolume: 'The net volume must be a number of litres above 0.',
  grossWeight: 'The gross weight must be a number of kg above 0.',
} as const;

const M = PRODUCT_SAFETY_MESSAGES;

/** The official text of a known statement code for display (placeholders dropped). */
export function officialStatementText(code: string): string {
  return formatStatement(code);
}

/** One hazard or precautionary statement: its code and its official English text. */
export const hazardStatementSchema = z
  .object({
    /** H, EUH or P code (combined ones with '+'), known to the bundled table. */
    code: z.string().refine((c) => statementKind(c) !== null && normaliseStatementCode(c) === c, { error: (i) => `${M.statement} ${String(i.input)}.` }),
    /** The table's text for the code. */
    text: z.string(),
  })
  .refine((s) => statementKind(s.code) === null || s.text === officialStatementText(s.code), { error: M.statementText, path: ['text'] });
export type HazardStatement = z.infer<typeof hazardStatementSchema>;

const ufiField = z
  .string()
  .nullable()
  .superRefine((u, ctx) => {
    if (u === null) return;
    const r = validateUfi(u);
    if (!r.ok) ctx.addIssue({ code: 'custom', message: r.message });
    else if (r.ufi !== u) ctx.addIssue({ code: 'custom', message: `Write the UFI as labels print it: ${r.ufi}.` });
  });

/** GHS hazard communication of a product (CLP Article 17): pictograms, signal word, statements, UFI. */
export const productHazardSchema = z
  .object({
    /** GHS01–GHS09, in label order. */
    pictograms: z.array(z.enum(GHS_PICTOGRAMS, { error: M.pictogram })),
    /** 'Danger' or 'Warning'; null when the classification has none. */
    signalWord: z.enum(SIGNAL_WORDS, { error: M.signalWord }).nullable(),
    /** Hazard (H, EUH) then precautionary (P) statements. */
    statements: z.array(hazardStatementSchema),
    /** Unique Formula Identifier 'XXXX-XXXX-XXXX-XXXX' (ECHA check character valid); null when none. */
    ufi: ufiField,
  })
  .refine((h) => h.pictograms.length > 0 || h.statements.length > 0, { error: M.hazardEmpty });
export type ProductHazard = z.infer<typeof productHazardSchema>;

const vocMaxField = z.number({ error: M.vocMax }).min(0, { error: M.vocMax }).max(2000, { error: M.vocMax });

/** VOC content of a decorative paint (Directive 2004/42/EC): over its subcategory's limit is refused. */
export const productVocSchema = z
  .object({
    /** Annex II A subcategory letter a–l. */
    subcategory: z.enum(VOC_SUBCATEGORIES, { error: M.vocSubcategory }),
    /** Water-borne or solvent-borne. */
    base: z.enum(['water', 'solvent'], { error: M.vocBase }),
    /** Maximum VOC content of the ready-to-use product, g/l. */
    maxGramsPerLitre: vocMaxField,
    /** The subcategory's 2010 limit, g/l (derived from the table). */
    limitGramsPerLitre: z.number(),
  })
  .superRefine((v, ctx) => {
    const check = checkVoc(v);
    if (!check.ok) ctx.addIssue({ code: 'custom', path: ['maxGramsPerLitre'], message: check.message });
    if (v.limitGramsPerLitre !== vocLimit(v.subcategory, v.base)) ctx.addIssue({ code: 'custom', path: ['limitGramsPerLitre'], message: M.vocLimit });
  });
export type ProductVoc = z.infer<typeof productVocSchema>;

/** Dangerous-goods data of one pack for shipping (ADR / IATA). */
export const dangerousGoodsSchema = z.object({
  /** UN number, e.g. 'UN1263'; null when the pack is not dangerous goods. */
  un: z.string().regex(/^UN\d{4}$/, { error: M.un }).nullable(),
  /** Transport class or division, e.g. '3', '2.1', '9'; null when none. */
  class: z.string().regex(/^[1-9](\.[1-6])?$/, { error: M.transportClass }).nullable(),
  /** Packing group; null for aerosols and goods without one. */
  packingGroup: z.enum(['I', 'II', 'III'], { error: M.packingGroup }).nullable(),
  /** Shipped as a limited quantity (ADR 3.4). */
  limitedQuantity: z.boolean(),
  /** An aerosol dispenser (UN1950). */
  aerosol: z.boolean(),
  /** Net contents, litres; null for goods sold by weight. */
  netVolumeLitres: z.number({ error: M.netVolume }).positive({ error: M.netVolume }).max(1000, { error: M.netVolume }).nullable(),
  /** Gross weight of one pack, kg. */
  grossWeightKg: z.number({ error: M.grossWeight }).positive({ error: M.grossWeight }).max(10000, { error: M.grossWeight }),
});
export type DangerousGoods = z.infer<typeof dangerousGoodsSchema>;

/** A statement as staff send it: the code alone, or { code, text } as GET answers it (the text is ignored). */
const statementInputSchema = z
  .union([z.string(), z.object({ code: z.string(), text: z.string().optional() })])
  .transform((s) => normaliseStatementCode(typeof s === 'string' ? s : s.code))
  .refine((c) => statementKind(c) !== null, { error: (i) => `${M.statement} ${String(i.input)}.` });

/** Hazard data as the dialog or an import sends it: UFI in any spelling, statements by code. */
export const productHazardInputSchema = z
  .object({
    pictograms: z.array(z.string().trim().toUpperCase().refine(isGhsPictogram, { error: M.pictogram })).default([]),
    signalWord: z
      .string()
      .trim()
      .nullish()
      .transform((s) => (s ? s.charAt(0).toUpperCase() + s.slice(1).toLowerCase() : null))
      .refine((s) => s === null || (SIGNAL_WORDS as readonly string[]).includes(s), { error: M.signalWord }),
    statements: z.array(statementInputSchema).default([]),
    ufi: z
      .string()
      .nullish()
      .transform((u, ctx) => {
        if (!u?.trim()) return null;
        const r = validateUfi(u);
        if (!r.ok) {
          ctx.addIssue({ code: 'custom', message: r.message });
          return z.NEVER;
        }
        return r.ufi;
      }),
  })
  .refine((h) => h.pictograms.length > 0 || h.statements.length > 0, { error: M.hazardEmpty })
  .transform((h): StoredHazard => ({ pictograms: [...new Set(h.pictograms)] as GhsPictogram[], signalWord: h.signalWord as SignalWord | null, statements: [...new Set(h.statements)], ufi: h.ufi }));

/** VOC data as staff send it: the limit, when sent, is ignored (derived from the table); over the limit is refused. */
export const productVocInputSchema = z
  .object({
    subcategory: z.string({ error: M.vocSubcategory }).trim().toLowerCase().pipe(z.enum(VOC_SUBCATEGORIES, { error: M.vocSubcategory })),
    base: z.enum(['water', 'solvent'], { error: M.vocBase }),
    maxGramsPerLitre: vocMaxField,
    limitGramsPerLitre: z.unknown().optional(),
  })
  .transform((v, ctx): StoredVoc => {
    const check = checkVoc(v);
    if (!check.ok) {
      ctx.addIssue({ code: 'custom', path: ['maxGramsPerLitre'], message: check.message });
      return z.NEVER;
    }
    return { subcategory: v.subcategory, base: v.base, maxGramsPerLitre: v.maxGramsPerLitre };
  });

/** Hazard data as the database keeps it: statement codes only. */
export interface StoredHazard {
  pictograms: GhsPictogram[];
  signalWord: SignalWord | null;
  statements: string[];
  ufi: string | null;
}

/** VOC data as the database keeps it: the limit is derived when read. */
export interface StoredVoc {
  subcategory: VocSubcategory;
  base: VocBase;
  maxGramsPerLitre: number;
}

/** Hazard data for the API from what the database keeps: each statement with its official text. */
export function toProductHazard(stored: StoredHazard): ProductHazard {
  return {
    pictograms: stored.pictograms,
    signalWord: stored.signalWord,
    statements: stored.statements.map((code) => ({ code, text: officialStatementText(code) })),
    ufi: stored.ufi,
  };
}

/** What the database keeps of hazard data: the codes. */
export function toStoredHazard(hazard: ProductHazard): StoredHazard {
  return { pictograms: hazard.pictograms, signalWord: hazard.signalWord, statements: hazard.statements.map((s) => s.code), ufi: hazard.ufi };
}

/** VOC data for the API, with its subcategory's 2010 limit. */
export function toProductVoc(stored: StoredVoc): ProductVoc {
  return { ...stored, limitGramsPerLitre: vocLimit(stored.subcategory, stored.base) };
}

/** What the database keeps of VOC data: without the derived limit. */
export function toStoredVoc(voc: ProductVoc): StoredVoc {
  return { subcategory: voc.subcategory, base: voc.base, maxGramsPerLitre: voc.maxGramsPerLitre };
}
