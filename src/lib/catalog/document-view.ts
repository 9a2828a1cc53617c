/**
 * How a product's data sheet reads wherever it is linked (product page, order e-mail, spec sheet,
 * back office): its name, revision date and language in words. Pure.
 */
import { DOCUMENT_KIND_LABELS, type ProductDocument } from '../schemas/product-documents';

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });
const longDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/** The English name of an ISO 639-1 code ('de' → 'German'); the code itself when unnamed. */
export function languageName(code: string): string {
  return languageNames.of(code) ?? code;
}

/** A 'YYYY-MM-DD' date as '12 March 2025'. */
export function formatRevisionDate(date: string): string {
  return longDate.format(new Date(`${date}T00:00:00Z`));
}

/** 'Revised 12 March 2025 · English'. */
export function describeDocumentRevision(doc: Pick<ProductDocument, 'revisedAt' | 'language'>): string {
  return `Revised ${formatRevisionDate(doc.revisedAt)} · ${languageName(doc.language)}`;
}

/** 'Safety data sheet (PDF)'. */
export function documentLinkLabel(doc: Pick<ProductDocument, 'kind'>): string {
  return `${DOCUMENT_KIND_LABELS[doc.kind]} (PDF)`;
}

/** A product's sheets in the order they are shown: the safety data sheet first. */
export function orderedDocuments(documents: readonly ProductDocument[] | null | undefined): ProductDocument[] {
  return [...(documents ?? [])].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'sds' ? -1 : 1));
}
