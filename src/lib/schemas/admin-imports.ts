/**
 * The bulk product import contract (spec §3 bulk progress/result/metrics, §4 bulk upload states, §5
 * Bulk CSV, §8 bulk failures and performance suggestions, §9 thresholds; API.md imports routes).
 * Pure and isomorphic: the Bulk Upload view and the server read the same names and messages.
 */
import './zod-config';
import { z } from 'zod';

/** Longest record (row) of a product CSV, in characters: far above every field's limit together, small enough to hold while it is read. */
export const IMPORT_ROW_MAX_CHARS = 256 * 1024;
const IMPORT_ROW_MAX_CHARS_TEXT = IMPORT_ROW_MAX_CHARS.toLocaleString('en-US');

/** Every message of the bulk import, as the API returns it and the view shows it (spec §5, §8). */
export const IMPORT_MESSAGES = {
  /** Spec §5/§8: the file is not a CSV. */
  invalidFile: 'Please select a valid CSV file',
  /** Spec §5: a row without name, description or a non-zero price. */
  missingRequired: 'Missing required fields: name, description, or price',
  packSize: "A pack size is a number and a unit, e.g. '5 gal' or '2.5 L' (L, mL, gal, qt, kg, g, oz).",
  spreadRate: "A spread rate is a range and a unit, e.g. '350-400 ft2/gal' or '9-10 m2/L'.",
  /** Spec §5: a file without any product row. */
  noProducts: 'No valid products found in CSV file',
  /** Spec §8: a job that failed for an unknown reason. */
  unknownError: 'Unknown error occurred',
  fileTooLarge: (maxBytes: number) => `File size too large. Maximum size is ${Math.round(maxBytes / (1024 * 1024))}MB.`,
  noFile: 'Please choose a CSV file to upload.',
  notFound: 'Import not found.',
  notPausable: 'Only a running import can be paused.',
  notResumable: 'Only a paused or interrupted import can be resumed.',
  notCancellable: 'This import has already finished.',
  runningElsewhere: 'Another server is running this import.',
  /** A CSV image that could not be fetched or processed fails its row with the reason after this. */
  imageFailed: 'Image could not be added:',
  /** A local image path (a CSV cell that is not a URL) that resolves outside IMPORT_IMAGE_DIR, symlinks followed. */
  imageOutsideFolder: 'the path is outside the import image folder.',
  /** A local image path inside IMPORT_IMAGE_DIR where no file is. */
  imageFileMissing: 'no image file at this path in the import image folder.',
  /** A price cell that is not a number. */
  priceNotNumber: 'Price must be a number, e.g. 24.99.',
  duplicateSku: 'This SKU appears on an earlier row of the same file.',
  /** A record longer than IMPORT_ROW_MAX_CHARS: refused without being read whole (often a cell missing its closing quote). */
  rowTooLong: `This row is longer than ${IMPORT_ROW_MAX_CHARS_TEXT} characters, more than every field together may hold; it was not read (is a closing quote missing?).`,
  withdrawnSku: 'A deleted product still holds this SKU; choose another SKU.',
  /** POST /api/admin/imports/:id/start on a job that is not a finished dry run. */
  notStartable: 'Only a finished dry run can be started as the import.',
  /** POST /api/admin/imports/:id/start when the dry run's file was started already or removed after a day. */
  checkedFileGone: 'The checked file is no longer stored. Choose the file again.',
} as const;

/** Spec §8 performance monitor suggestions. */
export const IMPORT_SUGGESTIONS = {
  errorRate: 'High error rate detected. Consider reducing batch size or checking network connection.',
  slowSpeed: 'Slow upload speed detected. Consider optimizing image sizes or checking internet connection.',
  memory: 'High memory usage detected. Consider processing smaller batches.',
} as const;

/** Spec §8/§9 thresholds: a suggestion above 10% errors, below 10 products a minute, above 80% memory. */
export const IMPORT_ERROR_RATE_WARN = 0.1;
export const IMPORT_SLOW_SPEED_PER_MINUTE = 10;
export const IMPORT_MEMORY_WARN = 0.8;
/** Spec §9 performance status: error rate over 0.2 'Issues Detected'; speed over 20 'Excellent', over 10 'Good', else 'Slow'. */
export const IMPORT_ISSUES_ERROR_RATE = 0.2;
export const IMPORT_SPEED_EXCELLENT = 20;
export const IMPORT_SPEED_GOOD = 10;
/** Spec §9 upload: 3 images at once, 3 retries, exponential delay from 1000 ms. */
export const IMPORT_IMAGE_CONCURRENCY = 3;
export const IMPORT_IMAGE_RETRIES = 3;
export const IMPORT_IMAGE_RETRY_BASE_MS = 1000;
/**
 * Rows written per transaction. The spec's 10 was the browser prototype's (one HTTP call per
 * product); on the server a batch is one transaction, and 100 keeps pause/cancel answered within a
 * few hundred milliseconds while 10,000 rows import in seconds.
 */
export const IMPORT_BATCH_SIZE = 500;

/** Job states: spec §4 plus cancelled (the view shows idle again) and interrupted (a server stopped under it). */
export const IMPORT_STATUSES = ['idle', 'uploading', 'paused', 'completed', 'error', 'cancelled', 'interrupted'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** The CSV layouts the import recognises by their headers. */
export const IMPORT_FORMATS = ['template', 'shopify', 'woocommerce', 'vendure', 'medusa'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/**
 * The columns of the template (GET /api/admin/imports/template.csv) and of the export, in order.
 * Lists (features, certifications, gallery) are separated by semicolons; technicalSpecs entries are
 * `name=value unit` separated by semicolons; booleans are true when the text is 'true' (any case).
 */
export const TEMPLATE_COLUMNS = [
  'name',
  'description',
  'price',
  'originalPrice',
  'sku',
  // Paint family and coverage (issue 24): '5 gal', '350-400 ft2/gal'.
  'family',
  'packSize',
  'spreadRate',
  'recommendedCoats',
  'primerAdvised',
  // Colours by code (issue 24): whether the paint is tinted to a chosen colour.
  'tintable',
  'slug',
  'category',
  'brand',
  'image',
  'gallery',
  'inStock',
  'stockQuantity',
  'isEcoFriendly',
  'isNew',
  'isPopular',
  'requestQuoteOnly',
  'rating',
  'reviews',
  'features',
  'certifications',
  'technicalSpecs',
  'usageInstructions',
  'coverage',
  'finish',
  // Safety data (issue 25): see src/server/imports/product-rows.ts for the cells' forms.
  'hazardPictograms',
  'hazardSignalWord',
  'hazardStatements',
  'ufi',
  'vocSubcategory',
  'vocBase',
  'vocMaxGramsPerLitre',
  'unNumber',
  'transportClass',
  'packingGroup',
  'limitedQuantity',
  'aerosol',
  'netVolumeLitres',
  'grossWeightKg',
] as const;
export type TemplateColumn = (typeof TEMPLATE_COLUMNS)[number];

/** One refused row: spec §8 'Row N: message (product name)'. */
export const importRowErrorSchema = z.object({
  /** Row number as a spreadsheet shows it: the header is row 1, the first product row 2. */
  row: z.number().int(),
  message: z.string(),
  product: z.string().optional(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/** The spec §8 line of a refused row. */
export function formatImportError(e: ImportRowError): string {
  return `Row ${e.row}: ${e.message}${e.product ? ` (${e.product})` : ''}`;
}

/** GET /api/admin/imports/:id: a job as the view shows it. */
export const importJobSchema = z.object({
  id: z.string(),
  status: z.enum(IMPORT_STATUSES),
  dryRun: z.boolean(),
  fileName: z.string(),
  format: z.enum(IMPORT_FORMATS).nullable(),
  current: z.number().int(),
  total: z.number().int(),
  percentage: z.number(),
  currentProduct: z.string().nullable(),
  result: z.object({
    success: z.number().int(),
    failed: z.number().int(),
    total: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    /** The first refused rows (the error file has them all). */
    errors: z.array(importRowErrorSchema),
    /** Lines 'Row N: message (product name)'. */
    messages: z.array(z.string()),
  }),
  metrics: z.object({
    totalProducts: z.number().int(),
    processedProducts: z.number().int(),
    totalImages: z.number().int(),
    uploadedImages: z.number().int(),
    startTime: z.string().nullable(),
    /** Seconds left at the current speed; null before any row. */
    estimatedTimeRemaining: z.number().nullable(),
    /** Milliseconds per product. */
    averageProcessingTime: z.number(),
    /** Products per minute. */
    uploadSpeed: z.number(),
    /** Failed rows / processed rows, 0..1. */
    errorRate: z.number(),
    /** Heap used / heap limit of the server process, 0..1. */
    memoryUsage: z.number(),
    /** Spec §9: 'Excellent', 'Good', 'Slow' or 'Issues Detected'. */
    performanceStatus: z.string(),
  }),
  suggestions: z.array(z.string()),
  errorMessage: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /**
   * A dry run's first product rows as the import reads them: mapped to the template's fields
   * whatever the file's layout (Shopify, WooCommerce, Vendure, Medusa), so staff check them in the
   * shop's own fields. Absent on imports, and once the checked file was started or removed.
   * (An object of optional strings, not z.record: that would add $ZodRecord to the zod code the
   * storefront's pages share, past the checkout's JS budget.)
   */
  preview: z.array(z.object({ row: z.number().int(), fields: z.object(Object.fromEntries(TEMPLATE_COLUMNS.map((c) => [c, z.string().optional()]))) as unknown as z.ZodType<Partial<Record<TemplateColumn, string>>> })).optional(),
  /** A finished dry run whose file is still stored: POST …/:id/start imports it without sending it again. */
  startable: z.boolean().optional(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

/** Product rows a dry run's preview shows. */
export const IMPORT_PREVIEW_ROWS = 5;

/** The multipart `dryRun` field: 'true' (any case) is a dry run. */
export function parseDryRunField(value: string | undefined): boolean {
  return value?.trim().toLowerCase() === 'true';
}

/** Spec §9 performance status of a running import. */
export function performanceStatusOf(errorRate: number, perMinute: number): string {
  if (errorRate > IMPORT_ISSUES_ERROR_RATE) return 'Issues Detected';
  if (perMinute > IMPORT_SPEED_EXCELLENT) return 'Excellent';
  if (perMinute > IMPORT_SPEED_GOOD) return 'Good';
  return 'Slow';
}

/** Spec §8 suggestions at the §9 thresholds. */
export function suggestionsFor(errorRate: number, perMinute: number, memory: number, processed: number): string[] {
  const out: string[] = [];
  if (processed > 0 && errorRate > IMPORT_ERROR_RATE_WARN) out.push(IMPORT_SUGGESTIONS.errorRate);
  if (processed > 0 && perMinute < IMPORT_SLOW_SPEED_PER_MINUTE) out.push(IMPORT_SUGGESTIONS.slowSpeed);
  if (memory > IMPORT_MEMORY_WARN) out.push(IMPORT_SUGGESTIONS.memory);
  return out;
}
