/**
 * A product's hazard, VOC and transport information in the shop's quick-view modal (CLP Article 48:
 * shown before it can be added to the cart), drawn as the product page's SafetyPanel.astro draws it.
 */
import { describeDocumentRevision, documentLinkLabel } from '../../lib/catalog/document-view';
import type { SafetyView } from '../../lib/catalog/safety-view';
import type { ProductDocument } from '../../lib/schemas/product-documents';

/** The safety block of the modal with the product's data sheets (SDS first); `headingId` names its section. */
export default function SafetyBlock({ safety, documents, headingId }: { safety: SafetyView | null; documents: readonly ProductDocument[]; headingId: string }) {
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border border-danger/30 bg-white p-4 text-sm">
      <h3 id={headingId} className="text-xs font-semibold tracking-[0.08em] text-ink-muted uppercase">
        Safety information
      </h3>
      {safety && safety.pictograms.length > 0 && (
        <ul className="flex flex-wrap items-center gap-2" aria-label="Hazard pictograms">
          {safety.pictograms.map((p) => (
            <li key={p.code}>
              <img src={p.src} alt={p.name} title={p.name} width="48" height="48" className="size-12" />
            </li>
          ))}
        </ul>
      )}
      {safety?.signalWord && <p className="text-base font-bold text-danger uppercase">{safety.signalWord}</p>}
      {safety && safety.hazardStatements.length > 0 && (
        <ul className="flex flex-col gap-1 text-ink" aria-label="Hazard statements">
          {safety.hazardStatements.map((s) => (
            <li key={s.code}>
              <span className="font-semibold">{s.code}</span> {s.text}
            </li>
          ))}
        </ul>
      )}
      {safety && safety.precautionaryStatements.length > 0 && (
        <details className="text-ink-soft">
          <summary className="cursor-pointer font-semibold text-ink">Precautionary statements ({safety.precautionaryStatements.length})</summary>
          <ul className="mt-2 flex flex-col gap-1">
            {safety.precautionaryStatements.map((s) => (
              <li key={s.code}>
                <span className="font-semibold">{s.code}</span> {s.text}
              </li>
            ))}
          </ul>
        </details>
      )}
      {safety?.notice && <p className="font-semibold text-ink">{safety.notice}</p>}
      {safety?.vocLabel && (
        <p className="text-ink-soft">
          <span className="font-semibold text-ink">VOC:</span> {safety.vocLabel}
        </p>
      )}
      {safety && (safety.ufi || safety.transport) && (
        <dl className="grid gap-x-4 gap-y-1 text-ink-soft sm:grid-cols-[auto_1fr]">
          {safety.ufi && (
            <>
              <dt className="font-semibold text-ink">UFI</dt>
              <dd className="tabular">{safety.ufi}</dd>
            </>
          )}
          {safety.transport && (
            <>
              <dt className="font-semibold text-ink">Transport</dt>
              <dd>{safety.transport}</dd>
            </>
          )}
        </dl>
      )}
      {documents.length > 0 && (
        <ul className="flex flex-col gap-2 border-t border-line pt-3" aria-label="Data sheets">
          {documents.map((d) => (
            <li key={d.kind} className="flex flex-col">
              <a href={d.url} hrefLang={d.language} type="application/pdf" className="font-semibold text-ink underline underline-offset-4 hover:text-accent">
                {documentLinkLabel(d)}
              </a>
              <span className="text-ink-muted">{describeDocumentRevision(d)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
