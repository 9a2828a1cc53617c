import { formatColourLabel } from '../../lib/paint/colour-label';

/** A tinted line's colour: a small swatch, then its code and name ('RAL 7016 Anthracite Grey'). */
export function LineColour({ colour, className = '' }: { colour: { code: string; name: string; hex: string }; className?: string }) {
  return (
    <span className={`inline-flex items-center gap-1.5 text-xs text-ink-soft ${className}`}>
      <span aria-hidden="true" className="inline-block size-3 shrink-0 rounded-sm ring-1 ring-ink/25" style={{ background: colour.hex || 'transparent' }} />
      <span>
        <span className="sr-only">Colour: </span>
        {formatColourLabel(colour)}
      </span>
    </span>
  );
}
