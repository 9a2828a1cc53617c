/**
 * A product's safety and technical data sheets (issue 25 item 3) as products' JSON lists them and
 * as staff describe an upload: the kind, the revision date printed on the sheet and its language
 * (ISO 639-1). Pure and isomorphic.
 */
import './zod-config';
import { z } from 'zod';

/** The kinds of data sheet a product may have, at most one current of each. */
export const DOCUMENT_KINDS = ['sds', 'tds'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** What each kind is called in the shop. */
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = { sds: 'Safety data sheet', tds: 'Technical data sheet' };

/** Every ISO 639-1 language code (the 183 two-letter codes of the standard's registration authority). */
export const ISO_639_1_CODES: ReadonlySet<string> = new Set(
  ('aa ab ae af ak am an ar as av ay az ba be bg bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en eo es et eu ' +
    'fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ' +
    'ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os ' +
    'pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ' +
    'ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu').split(' '),
);

/** Messages of a data sheet upload, as the dialog and the API give them. */
export const DOCUMENT_MESSAGES = {
  kind: "The document must be a safety data sheet ('sds') or a technical data sheet ('tds').",
  revisedAt: 'Please enter the revision date printed on the sheet (not in the future).',
  language: 'Please enter the language of the sheet as a two-letter ISO 639-1 code, e.g. en.',
  notPdf: 'Only PDF files can be uploaded as data sheets.',
  noFile: 'Please choose a PDF file to upload.',
  noDocument: 'This product has no such data sheet.',
} as const;

const M = DOCUMENT_MESSAGES;

/** A calendar date 'YYYY-MM-DD' that exists. */
const isoDateSchema = z
  .string({ error: M.revisedAt })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: M.revisedAt })
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), { error: M.revisedAt });

/** A two-letter ISO 639-1 code, lower-cased. */
export const languageCodeSchema = z
  .string({ error: M.language })
  .trim()
  .toLowerCase()
  .refine((s) => ISO_639_1_CODES.has(s), { error: M.language });

/** One current data sheet of a product, as products' JSON lists it. */
export const productDocumentSchema = z.object({
  /** 'sds' (safety data sheet) or 'tds' (technical data sheet). */
  kind: z.enum(DOCUMENT_KINDS),
  /** Where the PDF is served: `/media/<32 hex>.pdf`. */
  url: z.string().min(1),
  /** Revision date printed on the sheet, 'YYYY-MM-DD'. */
  revisedAt: isoDateSchema,
  /** Language of the sheet, ISO 639-1. */
  language: languageCodeSchema,
});
export type ProductDocument = z.infer<typeof productDocumentSchema>;

/** The form fields beside an uploaded PDF; `today` ('YYYY-MM-DD') bounds the revision date. */
export function documentUploadSchema(today: string) {
  return z.object({
    kind: z.enum(DOCUMENT_KINDS, { error: M.kind }),
    revisedAt: isoDateSchema.refine((s) => s <= today, { error: M.revisedAt }),
    language: languageCodeSchema,
  });
}
export type DocumentUpload = z.infer<ReturnType<typeof documentUploadSchema>>;

/** The current sheet of a kind among a product's documents. */
export function currentDocument(documents: readonly ProductDocument[] | null | undefined, kind: DocumentKind): ProductDocument | undefined {
  return documents?.find((d) => d.kind === kind);
}

/** Whether a file's first bytes are a PDF's header (`%PDF-`): the type comes from the bytes, never the name. */
export function isPdf(bytes: Uint8Array): boolean {
  const magic = [0x25, 0x50, 0x44, 0x46, 0x2d];
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}

/** A product's current data sheets and its version after the change (for the dialog's next save), as the upload and remove routes answer. */
export const productDocumentsAnswerSchema = z.object({ documents: z.array(productDocumentSchema), version: z.number().int() });
export type ProductDocumentsAnswer = z.infer<typeof productDocumentsAnswerSchema>;

/** The back office's safety data sheet report (GET /api/admin/products/safety-documents). */
export const safetySheetReportSchema = z.object({
  /** SDS_MAX_AGE_YEARS. */
  maxAgeYears: z.number().int(),
  /** 'YYYY-MM-DD': a sheet revised before this day is outdated. */
  revisedBefore: z.string(),
  /** Hazardous products on sale to see to: missing sheets first, then by name. */
  products: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      sku: z.string(),
      slug: z.string(),
      /** 'missing': no SDS; 'outdated': revised before `revisedBefore`. */
      problem: z.enum(['missing', 'outdated']),
      /** The current SDS's revision date, when there is one. */
      revisedAt: z.string().nullable(),
    }),
  ),
});
export type SafetySheetReport = z.infer<typeof safetySheetReportSchema>;
export type SafetySheetGap = SafetySheetReport['products'][number];
