/**
 * The colour choice of a tintable paint's page: the chosen colour (swatch, code, name) and a button
 * that opens the picker, whose 213 RAL colours are a separate chunk loaded on first use, so the
 * page's own JavaScript stays small. Tinted paint is mixed to order and cannot be returned: said here.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { $chosenColour, chooseColour } from '../../stores/colour-choice';
import { LineColour } from '../cart/LineColour';

const ColourPicker = lazy(() => import('./ColourPicker'));

/** Shows the chosen colour and opens the picker on demand. */
export default function ColourPickerLauncher() {
  const colour = useStore($chosenColour);
  const [open, setOpen] = useState(false);
  // A link from the shop's colour search (?colour=RAL%207016) arrives with its colour chosen; the table loads only then.
  useEffect(() => {
    const asked = new URLSearchParams(location.search).get('colour');
    if (asked) void import('../../lib/paint/colours').then(({ lookupColour }) => chooseColour(lookupColour(asked) ?? $chosenColour.get()));
  }, []);
  return (
    <section aria-labelledby="colour-heading" className="flex flex-col gap-2">
      <h2 id="colour-heading" className="text-sm font-semibold text-ink">
        Colour
      </h2>
      <div className="flex flex-wrap items-center gap-3">
        {colour ? (
          <LineColour colour={colour} className="text-sm font-medium text-ink [&>span:first-child]:size-6" />
        ) : (
          <span className="text-sm text-ink-soft">Untinted (white base)</span>
        )}
        <button
          type="button"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          className="min-h-11 rounded-lg bg-white px-4 text-sm font-semibold text-ink ring-1 ring-line hover:ring-ink/30"
        >
          {colour ? 'Change colour' : 'Choose a RAL colour'}
        </button>
        {colour && (
          <button type="button" onClick={() => chooseColour(null)} className="min-h-11 px-2 text-sm font-semibold text-ink-soft underline-offset-4 hover:underline">
            No colour
          </button>
        )}
      </div>
      {open && (
        <Suspense fallback={<p className="text-sm text-ink-muted">Loading colours…</p>}>
          <ColourPicker
            onPick={(picked) => {
              chooseColour(picked);
              setOpen(false);
            }}
          />
        </Suspense>
      )}
      <p className="text-xs text-ink-muted">Tinted paint is mixed to order for you and cannot be returned.</p>
    </section>
  );
}
