/**
 * A product's GHS hazard pictograms drawn small (cards, cart lines, the checkout's summary): the
 * product page's images, each named by its official name (CLP Article 48: seen before purchase).
 */
import { pictogramViews } from '../../lib/paint/ghs-pictograms';
import type { GhsPictogram } from '../../lib/paint/ghs-pictograms';

/** Renders nothing without pictograms; `size` is the drawn width and height in px. */
export default function HazardPictograms({ codes, size = 24, className = '' }: { codes: readonly GhsPictogram[] | undefined; size?: number; className?: string }) {
  if (!codes || codes.length === 0) return null;
  return (
    // A group, not a list: it sits inside list items (cart and summary lines), whose counts must stay one per line.
    <div role="group" className={`flex flex-wrap items-center gap-1 ${className}`} aria-label="Hazard pictograms">
      {pictogramViews({ pictograms: [...codes] }).map((p) => (
        <img key={p.code} src={p.src} alt={p.name} title={p.name} width={size} height={size} loading="lazy" decoding="async" style={{ width: size, height: size }} />
      ))}
    </div>
  );
}
