/**
 * The RAL colour picker of a tintable paint: type a code ('7016', 'RAL 7016') or a name
 * ('anthracite'), pick a swatch. Loaded on first use by ColourPickerLauncher and the staff quote editor (it carries the colour table).
 */
import { useId, useMemo, useState } from 'react';
import { colourSwatch, RAL_CLASSIC_SYSTEM, type Colour } from '../../lib/paint/colours';

/** How many swatches a search shows. */
const RESULTS_MAX = 24;

/** A search box over RAL Classic and the matching swatches as buttons; `onPick` receives the swatch pressed. */
export default function ColourPicker({ onPick }: { onPick: (colour: Colour) => void }) {
  const [query, setQuery] = useState('');
  const inputId = useId();
  const results = useMemo(
    () => (query.trim() ? RAL_CLASSIC_SYSTEM.search(query, RESULTS_MAX) : RAL_CLASSIC_SYSTEM.colours.slice(0, RESULTS_MAX)),
    [query],
  );
  return (
    <div className="flex flex-col gap-3 rounded-lg bg-white p-3 ring-1 ring-line">
      <label htmlFor={inputId} className="text-sm font-medium text-ink">
        RAL code or colour name
      </label>
      <input
        id={inputId}
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder="e.g. 7016 or Anthracite grey"
        autoComplete="off"
        autoFocus
        className="min-h-11 rounded-lg border border-line px-3 text-base"
      />
      {results.length === 0 ? (
        <p className="text-sm text-ink-soft" role="status">
          No RAL Classic colour matches '{query}'.
        </p>
      ) : (
        <ul className="grid max-h-72 grid-cols-2 gap-2 overflow-y-auto sm:grid-cols-3" aria-label="Matching colours">
          {results.map((colour) => {
            const swatch = colourSwatch(colour);
            return (
              <li key={colour.code}>
                <button
                  type="button"
                  onClick={() => onPick(colour)}
                  className="flex w-full flex-col overflow-hidden rounded-md text-left ring-1 ring-line hover:ring-ink/40"
                >
                  <span aria-hidden="true" className="block h-10 w-full" style={{ background: swatch.background }} />
                  <span className="px-2 py-1 text-xs">
                    <span className="block font-semibold text-ink">{colour.code}</span>
                    <span className="block text-ink-soft">{colour.name}</span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
