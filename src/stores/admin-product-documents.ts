/**
 * Products' data sheets in the back office (issue 25 item 3): uploading and removing a product's
 * safety or technical data sheet from its dialog, and the report of hazardous products without a
 * current safety data sheet (the Products view's 'Safety data sheets' section).
 */
import { parseProductsFilters } from '../lib/admin/products-filters';
import { ADMIN_MESSAGES } from '../lib/schemas/admin';
import { productDocumentsAnswerSchema, safetySheetReportSchema, type DocumentKind, type ProductDocumentsAnswer, type SafetySheetReport } from '../lib/schemas/product-documents';
import { AdminApiError, readAs, requestAdmin } from './admin-orders';
import { createQuery, refreshQueries } from './admin-query';
import { $adminRouter } from './admin-router';
import { $admin, endAdminSession } from './admin-session';
import { toast } from './admin-toasts';

/** The report's API path. */
export const SAFETY_REPORT_PATH = '/api/admin/products/safety-documents';

/** The report; fetched while the Products view's 'safety' section is open. */
export const $safetySheetReport = createQuery<SafetySheetReport>({
  sources: [$adminRouter, $admin],
  key: () => {
    const page = $adminRouter.get();
    const allowed = $admin.get()?.permissions.includes('manage_products') ?? false;
    return allowed && page?.route === 'products' && parseProductsFilters(page.search).section === 'safety' ? SAFETY_REPORT_PATH : null;
  },
  fetcher: async (path) => readAs(safetySheetReportSchema, await requestAdmin(path), path),
});

/** What a change came to: the product's sheets and new version, or the refusal with its field messages. */
export type DocumentChangeResult = ({ ok: true } & ProductDocumentsAnswer) | { ok: false; status: number; message: string; fields?: Record<string, string> };

/** The path of a product's sheets. */
function documentsPath(productId: string): string {
  return `/api/admin/products/${encodeURIComponent(productId)}/documents`;
}

/** Uploads a product's data sheet of a kind (replacing the current one) with its revision date and language. */
export async function uploadProductDocument(productId: string, file: File, fields: { kind: DocumentKind; revisedAt: string; language: string }): Promise<DocumentChangeResult> {
  const body = new FormData();
  body.append('kind', fields.kind);
  body.append('revisedAt', fields.revisedAt);
  body.append('language', fields.language);
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch(documentsPath(productId), { method: 'POST', credentials: 'same-origin', headers: { accept: 'application/json' }, body });
  } catch {
    return { ok: false, status: 0, message: 'The shop could not be reached. Please try again.' };
  }
  const data = (await response.json().catch(() => null)) as { error?: { message?: string; fields?: Record<string, string> } } | null;
  if (response.status === 401) {
    endAdminSession();
    return { ok: false, status: 401, message: ADMIN_MESSAGES.notSignedIn };
  }
  if (!response.ok) return { ok: false, status: response.status, message: data?.error?.message ?? `The upload failed (${response.status}).`, fields: data?.error?.fields };
  const answer = productDocumentsAnswerSchema.safeParse(data);
  if (!answer.success) return { ok: false, status: 200, message: 'The shop answered something unexpected. Please reload.' };
  refreshQueries((key) => key === SAFETY_REPORT_PATH);
  toast.success(fields.kind === 'sds' ? 'Safety data sheet uploaded.' : 'Technical data sheet uploaded.');
  return { ok: true, ...answer.data };
}

/** Removes a product's current data sheet of a kind. */
export async function removeProductDocument(productId: string, kind: DocumentKind): Promise<DocumentChangeResult> {
  const path = `${documentsPath(productId)}/${kind}`;
  try {
    const answer = readAs(productDocumentsAnswerSchema, await requestAdmin(path, { method: 'DELETE' }), path);
    refreshQueries((key) => key === SAFETY_REPORT_PATH);
    toast.success(kind === 'sds' ? 'Safety data sheet removed.' : 'Technical data sheet removed.');
    return { ok: true, ...answer };
  } catch (err) {
    const error = err instanceof AdminApiError ? err : new AdminApiError(0, String(err));
    return { ok: false, status: error.status, message: error.message };
  }
}
