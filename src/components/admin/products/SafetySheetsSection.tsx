/**
 * The Products view's 'Safety data sheets' section (issue 25 item 3): hazardous products on sale
 * (any GHS pictogram or a UN number) without a safety data sheet, or with one revised longer ago
 * than SDS_MAX_AGE_YEARS, missing ones first; each opens the product's dialog at its Documents.
 */
import { useState } from 'react';
import { formatRevisionDate } from '../../../lib/catalog/document-view';
import type { AdminProduct } from '../../../lib/schemas/admin-catalog';
import type { SafetySheetGap } from '../../../lib/schemas/product-documents';
import { fetchProduct } from '../../../stores/admin-products';
import { $safetySheetReport } from '../../../stores/admin-product-documents';
import { useQuery } from '../../../stores/admin-query';
import { toast } from '../../../stores/admin-toasts';
import { ProductDialog } from './ProductDialog';
import { BUTTONS, Spinner } from './ui';

/** What is wrong with a product's sheet, in words. */
function problemText(gap: SafetySheetGap, maxAgeYears: number): string {
  return gap.problem === 'missing' ? 'No safety data sheet' : `Revised ${formatRevisionDate(gap.revisedAt!)}: older than ${maxAgeYears} years`;
}

/** The report with a way to open each product's dialog. */
export function SafetySheetsSection() {
  const { data, error, loading } = useQuery($safetySheetReport);
  const [editing, setEditing] = useState<AdminProduct | null>(null);
  const [opening, setOpening] = useState<string | null>(null);

  const open = async (id: string) => {
    setOpening(id);
    try {
      setEditing(await fetchProduct(id));
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    } finally {
      setOpening(null);
    }
  };

  const close = () => {
    setEditing(null);
    $safetySheetReport.refresh();
  };

  return (
    <div className="grid gap-4 px-4 pb-6 sm:px-6">
      <p className="max-w-3xl text-sm text-ink-muted">
        Products on sale with a hazard pictogram or a UN number need a current safety data sheet: these have none, or one revised before{' '}
        {data ? <strong className="text-ink">{formatRevisionDate(data.revisedBefore)}</strong> : 'the limit'} (more than {data?.maxAgeYears ?? 3} years ago, the SDS_MAX_AGE_YEARS setting).
      </p>
      {error && !data ? (
        <div role="alert" className="rounded-xl border border-line bg-white p-6 text-sm">
          <p className="font-semibold text-danger">The report could not be loaded.</p>
          <p className="mt-1 text-ink-muted">{error instanceof Error ? error.message : String(error)}</p>
        </div>
      ) : !data ? (
        <p className="flex items-center gap-2 text-sm text-ink-muted" role="status">
          {loading && <Spinner />} Loading the report…
        </p>
      ) : data.products.length === 0 ? (
        <p className="rounded-xl border border-line bg-white p-6 text-sm font-medium text-ink" role="status">
          Every hazardous product has a current safety data sheet.
        </p>
      ) : (
        <section aria-labelledby="safety-sheets-heading" className="grid gap-2">
          <h2 id="safety-sheets-heading" className="text-sm font-semibold text-ink">
            {data.products.length} {data.products.length === 1 ? 'product needs' : 'products need'} a safety data sheet
          </h2>
          <ul className="grid divide-y divide-line rounded-xl border border-line bg-white">
            {data.products.map((gap) => (
              <li key={gap.id} className="flex flex-wrap items-center justify-between gap-3 p-3 sm:px-4">
                <div className="grid min-w-0">
                  <span className="font-semibold text-ink">{gap.name}</span>
                  <span className="text-sm text-ink-muted tabular">SKU {gap.sku}</span>
                  <span className={`text-sm font-medium ${gap.problem === 'missing' ? 'text-danger' : 'text-ink-soft'}`}>{problemText(gap, data.maxAgeYears)}</span>
                </div>
                <button type="button" className={BUTTONS.quiet} disabled={opening !== null} onClick={() => open(gap.id)} aria-label={`${gap.problem === 'missing' ? 'Add' : 'Replace'} safety data sheet for ${gap.name}`}>
                  {opening === gap.id && <Spinner />}
                  {gap.problem === 'missing' ? 'Add safety data sheet' : 'Replace safety data sheet'}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {editing && <ProductDialog product={editing} onClose={close} onSaved={close} />}
    </div>
  );
}
