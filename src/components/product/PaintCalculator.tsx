/**
 * The coverage calculator of a paint's page: walls (rows of length × height) or a total area, doors
 * and windows to subtract (sizes editable), coats, surface and metric or US units (remembered); it
 * shows the paint needed and the cheapest mix of the family's in-stock sizes (estimatePaint, the
 * same function as GET /api/paint/estimate), and adds that mix to the cart in one click.
 *
 * Typing must stay quick at a phone's CPU (issue 24: INP ≤ 100 ms at 4x slowdown): each input row
 * is a memoised component fed stable callbacks, so a key re-renders only its own row, and the
 * estimate and its result block follow a deferred copy of the inputs, rendered after the key's
 * frame is painted.
 */
import { useStore } from '@nanostores/react';
import { memo, useCallback, useDeferredValue, useId, useMemo, useState } from 'react';
import { DEFAULT_DOOR_AREA_M2, DEFAULT_WINDOW_AREA_M2, estimatePaint, NO_PACKS_MESSAGES, SURFACES, type PackOption, type PaintEstimate, type Surface } from '../../lib/paint/estimate';
import { formatPackSize, toPackOptions, toSizeCartProduct, type FamilySize } from '../../lib/paint/family';
import { COATS_MAX, feetToMetres, litresToGallons, squareFeetToSquareMetres, squareMetresToSquareFeet } from '../../lib/paint/pack-units';
import type { SpreadRate } from '../../lib/paint/units';
import type { LineColour } from '../../lib/cart';
import { $chosenColour } from '../../stores/colour-choice';
import { addQuantitiesToCart } from '../../stores/cart-mix';
import { $paintUnits, setPaintUnits, type PaintUnits } from '../../stores/paint-units';
import { announceAddition } from '../cart/added-toast';
import AddToListLauncher from './AddToListLauncher';

export interface PaintCalculatorProps {
  /** The paint's name, for headings. */
  name: string;
  spreadRate: SpreadRate;
  /** The maker's coats; the calculator starts with them. */
  recommendedCoats: number | null;
  primerAdvised: boolean;
  /** Whether the paint is tinted: the colour chosen on the page goes into the mix. */
  tintable?: boolean;
  /** The family's sizes with live price and stock (the product alone when it has no family). */
  sizes: readonly FamilySize[];
  /**
   * The shop's price format (lib/format's formatPrice), handed in by the page: imported here, this
   * lazy chunk would split lib/format out of the chunk every page loads, and every page would pay.
   */
  formatPrice: (dollars: number) => string;
}

const SURFACE_LABELS: Record<Surface, string> = {
  smooth: 'Smooth (painted before)',
  textured: 'Textured (woodchip, render)',
  porous: 'Porous (bare plaster, brick)',
};

interface WallRow {
  key: number;
  length: string;
  height: string;
}

/** A typed number, or NaN when blank or not a number. */
const read = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(',', '.')));
/** A number shown with at most `digits` decimals. */
const show = (n: number, digits = 1) => Number(n.toFixed(digits)).toLocaleString('en-US');

/** The default door and window sizes in the chosen units, as the inputs show them. */
function defaultOpenings(units: PaintUnits): { door: string; window: string } {
  return units === 'metric'
    ? { door: String(DEFAULT_DOOR_AREA_M2), window: String(DEFAULT_WINDOW_AREA_M2) }
    : { door: String(Math.round(squareMetresToSquareFeet(DEFAULT_DOOR_AREA_M2))), window: String(Math.round(squareMetresToSquareFeet(DEFAULT_WINDOW_AREA_M2))) };
}

/** The calculator's inputs as typed: what the estimate is computed from. */
interface Inputs {
  mode: 'walls' | 'area';
  walls: WallRow[];
  area: string;
  doors: string;
  windows: string;
  openings: { door: string; window: string };
  coats: string;
  surface: Surface;
  units: PaintUnits;
}

type Result = { estimate: PaintEstimate } | { problem: string } | null;

/** The estimate of typed inputs, or the problem with them, or null before anything is measured. */
function computeResult(inputs: Inputs, spreadRate: SpreadRate, packs: PackOption[]): Result {
  const { mode, walls, area, doors, windows, openings, coats, surface, units } = inputs;
  const length = units === 'metric' ? 'm' : 'ft';
  const square = units === 'metric' ? 'm²' : 'sq ft';
  const toM = (n: number) => (units === 'metric' ? n : feetToMetres(n));
  const toM2 = (n: number) => (units === 'metric' ? n : squareFeetToSquareMetres(n));
  const wallList = walls.map((w) => ({ length: read(w.length), height: read(w.height) }));
  const filled = mode === 'walls' ? wallList.filter((w) => Number.isFinite(w.length) || Number.isFinite(w.height)) : [];
  if (mode === 'walls' && filled.length === 0) return null;
  if (mode === 'area' && area.trim() === '') return null;
  if (filled.some((w) => !(w.length >= 0) || !(w.height >= 0))) return { problem: `Give each wall a length and a height in ${length}.` };
  const total = read(area);
  if (mode === 'area' && !(total >= 0)) return { problem: `Give the area in ${square}.` };
  const [d, w, c] = [read(doors), read(windows), read(coats)];
  if (!Number.isInteger(d) || d < 0 || !Number.isInteger(w) || w < 0) return { problem: 'Doors and windows are whole numbers of at least 0.' };
  const [doorArea, windowArea] = [read(openings.door), read(openings.window)];
  if (!(doorArea >= 0) || !(windowArea >= 0)) return { problem: `Give the size of a door and of a window in ${square}.` };
  try {
    return {
      estimate: estimatePaint({
        ...(mode === 'walls' ? { walls: filled.map((x) => ({ length: toM(x.length), height: toM(x.height) })) } : { area: toM2(total) }),
        doors: d,
        windows: w,
        doorArea: toM2(doorArea),
        windowArea: toM2(windowArea),
        coats: c,
        surface,
        spreadRate,
        packs,
      }),
    };
  } catch (err) {
    return { problem: err instanceof RangeError ? err.message : 'Those measurements cannot be estimated.' };
  }
}

const INPUT = 'tabular w-full min-w-0 rounded-lg border border-line bg-white px-3 py-2 text-base text-ink focus:border-ink focus:outline-none';
const LABEL = 'text-xs font-semibold text-ink-soft';

type WallField = 'length' | 'height';

/** One wall's length and height; re-renders only when its own values change. */
const WallInputs = memo(function WallInputs({ row, index, length, onChange, onRemove }: { row: WallRow; index: number; length: string; onChange: (key: number, field: WallField, value: string) => void; onRemove: (key: number) => void }) {
  return (
    <li className="grid grid-cols-[1fr_auto_1fr_auto] items-end gap-2">
      <label className="flex flex-col gap-1">
        <span className={LABEL}>Wall {index + 1} length ({length})</span>
        <input className={INPUT} inputMode="decimal" value={row.length} onChange={(e) => onChange(row.key, 'length', e.target.value)} />
      </label>
      <span className="pb-2 text-ink-muted" aria-hidden="true">×</span>
      <label className="flex flex-col gap-1">
        <span className={LABEL}>Wall {index + 1} height ({length})</span>
        <input className={INPUT} inputMode="decimal" value={row.height} onChange={(e) => onChange(row.key, 'height', e.target.value)} />
      </label>
      <button type="button" onClick={() => onRemove(row.key)} className="min-h-11 rounded-lg px-2 text-sm text-ink-muted hover:text-danger">
        Remove<span className="sr-only"> wall {index + 1}</span>
      </button>
    </li>
  );
});

/** A labelled input of the openings block. */
const Field = memo(function Field({ label, value, onChange, whole = false }: { label: string; value: string; onChange: (value: string) => void; whole?: boolean }) {
  return (
    <label className="flex flex-col gap-1">
      <span className={LABEL}>{label}</span>
      {whole ? (
        <input className={INPUT} type="number" min={0} step={1} value={value} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input className={INPUT} inputMode="decimal" value={value} onChange={(e) => onChange(e.target.value)} />
      )}
    </label>
  );
});

/** Coats and surface. */
const CoatsAndSurface = memo(function CoatsAndSurface({ coats, surface, recommendedCoats, onCoats, onSurface }: { coats: string; surface: Surface; recommendedCoats: number | null; onCoats: (value: string) => void; onSurface: (value: Surface) => void }) {
  return (
    <div className="grid gap-3 sm:grid-cols-[auto_1fr]">
      <label className="flex flex-col gap-1">
        <span className={LABEL}>Coats</span>
        <select className={INPUT} value={coats} onChange={(e) => onCoats(e.target.value)}>
          {Array.from({ length: COATS_MAX }, (_, i) => String(i + 1)).map((n) => (
            <option key={n} value={n}>
              {n}
              {Number(n) === recommendedCoats ? ' (recommended)' : ''}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1">
        <span className={LABEL}>Surface</span>
        <select className={INPUT} value={surface} onChange={(e) => onSurface(e.target.value as Surface)}>
          {SURFACES.map((s) => (
            <option key={s} value={s}>
              {SURFACE_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
});

interface ResultBlockProps {
  result: Result;
  units: PaintUnits;
  coats: string;
  sizes: readonly FamilySize[];
  primerAdvised: boolean;
  /** The colour every pack is tinted to (a tintable paint with a colour chosen), else null. */
  colour: LineColour | null;
  added: boolean;
  onAdd: (estimate: PaintEstimate) => void;
  formatPrice: (dollars: number) => string;
  mixId: string;
}

/** The answer: the paint needed and the cheapest mix, or what is wrong with the inputs. */
const ResultBlock = memo(function ResultBlock({ result, units, coats, sizes, primerAdvised, colour, added, onAdd, formatPrice, mixId }: ResultBlockProps) {
  const square = units === 'metric' ? 'm²' : 'sq ft';
  const volume = (litres: number) => (units === 'metric' ? `${show(litres)} L` : `${show(litresToGallons(litres), 2)} gal`);
  const byId = new Map(sizes.map((s) => [s.id, s]));
  const estimate = result && 'estimate' in result ? result.estimate : null;
  return (
    <div aria-live="polite" className="flex flex-col gap-3 border-t border-line/80 pt-4">
      {result === null && <p className="text-sm text-ink-muted">Enter your walls or the area to see how much paint to buy.</p>}
      {result && 'problem' in result && <p className="text-sm text-danger">{result.problem}</p>}
      {estimate && (
        <>
          <p className="text-ink">
            <span className="font-semibold">
              {show(units === 'metric' ? estimate.area : squareMetresToSquareFeet(estimate.area))} {square}
            </span>{' '}
            to paint, {coats} coat{coats === '1' ? '' : 's'}: you need <strong className="tabular">{volume(estimate.plannedLitres)}</strong>
            <span className="text-sm text-ink-muted">
              {' '}
              (between {volume(estimate.litres.min)} and {volume(estimate.litres.max)} depending on the surface)
            </span>
          </p>
          {estimate.packs.length > 0 ? (
            <div className="flex flex-col gap-3 rounded-lg bg-canvas/70 p-4">
              <p id={mixId} className="text-sm font-semibold text-ink">
                The cheapest mix in stock
              </p>
              <ul aria-labelledby={mixId} className="flex flex-col gap-1 text-sm">
                {estimate.packs.map((p) => {
                  const size = byId.get(p.productId)!;
                  return (
                    <li key={p.productId} className="flex justify-between gap-3">
                      <span>
                        {p.quantity} × {formatPackSize(size.packSize)}
                      </span>
                      <span className="tabular">{formatPrice(size.price * p.quantity)}</span>
                    </li>
                  );
                })}
              </ul>
              <p className="flex justify-between gap-3 border-t border-line/80 pt-2 text-sm">
                <span>Total, with {volume(estimate.leftoverLitres)} left over</span>
                <strong className="tabular">{formatPrice(estimate.totalCents / 100)}</strong>
              </p>
              <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
                <button
                  type="button"
                  onClick={() => onAdd(estimate)}
                  className={`inline-flex min-h-12 items-center sm:flex-1 justify-center rounded-lg px-5 font-semibold text-white transition ${added ? 'bg-success' : 'bg-ink hover:bg-ink-soft'}`}
                >
                  {added ? 'Added to cart' : colour ? `Add these to cart in ${colour.code}` : 'Add these to cart'}
                </button>
                <AddToListLauncher
                  label="Add these to a list"
                  title="Add the mix to a project list"
                  lines={estimate.packs.map((p) => ({ productId: p.productId, name: byId.get(p.productId)!.name, quantity: p.quantity, ...(colour ? { colour } : {}) }))}
                />
              </div>
            </div>
          ) : (
            estimate.reason && <p className="text-sm text-danger">{NO_PACKS_MESSAGES[estimate.reason]}</p>
          )}
          <p className="text-sm text-ink-soft">
            Buy all the paint of one colour at once: cans from one batch match exactly, while a later batch can differ slightly.
            {primerAdvised && ' A primer is advised on bare or patched surfaces first.'}
          </p>
        </>
      )}
    </div>
  );
});

/** The calculator. */
export default function PaintCalculator({ name, spreadRate, recommendedCoats, primerAdvised, tintable = false, sizes, formatPrice }: PaintCalculatorProps) {
  const chosen = useStore($chosenColour);
  const id = useId();
  const units = useStore($paintUnits);
  const [mode, setMode] = useState<'walls' | 'area'>('walls');
  const [walls, setWalls] = useState<WallRow[]>([{ key: 0, length: '', height: '' }]);
  const [area, setArea] = useState('');
  const [doors, setDoors] = useState('0');
  const [windows, setWindows] = useState('0');
  const [openings, setOpenings] = useState(() => defaultOpenings(units));
  const [coats, setCoats] = useState(String(recommendedCoats ?? 2));
  const [surface, setSurface] = useState<Surface>('smooth');
  const [added, setAdded] = useState(false);

  const length = units === 'metric' ? 'm' : 'ft';
  const square = units === 'metric' ? 'm²' : 'sq ft';

  const switchUnits = (next: PaintUnits) => {
    if (next === units) return;
    setPaintUnits(next);
    // Typed measurements are converted, so switching never changes the answer.
    const convert = (text: string, kind: 'length' | 'area') => {
      const n = read(text);
      if (!Number.isFinite(n)) return text;
      const out = kind === 'length' ? (next === 'us' ? n / 0.3048 : n * 0.3048) : next === 'us' ? squareMetresToSquareFeet(n) : squareFeetToSquareMetres(n);
      return String(Number(out.toFixed(2)));
    };
    setWalls((rows) => rows.map((r) => ({ ...r, length: convert(r.length, 'length'), height: convert(r.height, 'length') })));
    setArea((a) => convert(a, 'area'));
    setOpenings(defaultOpenings(next));
  };

  const changeWall = useCallback((key: number, field: WallField, value: string) => {
    setWalls((rows) => rows.map((r) => (r.key === key ? { ...r, [field]: value } : r)));
  }, []);
  const removeWall = useCallback((key: number) => {
    setWalls((rows) => (rows.length > 1 ? rows.filter((r) => r.key !== key) : [{ key: key + 1, length: '', height: '' }]));
  }, []);
  const changeDoorArea = useCallback((door: string) => setOpenings((o) => ({ ...o, door })), []);
  const changeWindowArea = useCallback((window: string) => setOpenings((o) => ({ ...o, window })), []);

  // The inputs render at once; the estimate and its block follow a deferred copy, so a key's frame
  // carries only the field it changed.
  const inputs = useMemo<Inputs>(() => ({ mode, walls, area, doors, windows, openings, coats, surface, units }), [mode, walls, area, doors, windows, openings, coats, surface, units]);
  const deferred = useDeferredValue(inputs);
  const packs = useMemo(() => toPackOptions(sizes), [sizes]);
  const result = useMemo(() => computeResult(deferred, spreadRate, packs), [deferred, spreadRate, packs]);

  const addMix = useCallback(
    (estimate: PaintEstimate) => {
      const byId = new Map(sizes.map((s) => [s.id, s]));
      // The colour chosen on the page tints every pack of the mix (one colour, one batch).
      const colour = tintable ? $chosenColour.get() : null;
      const items = estimate.packs.map((p) => ({ product: toSizeCartProduct(byId.get(p.productId)!, colour), quantity: p.quantity }));
      addQuantitiesToCart(items);
      for (const item of items) announceAddition(item.product, item.quantity);
      setAdded(true);
    },
    [sizes, tintable],
  );

  return (
    // contain: content keeps a key's relayout and repaint inside the calculator instead of the whole page.
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4 rounded-card bg-white p-5 ring-1 ring-line/70 [contain:content]">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="font-display text-lg font-semibold text-ink">
          How much do you need?
        </h2>
        <fieldset className="flex rounded-lg bg-canvas p-1 text-sm">
          <legend className="sr-only">Units</legend>
          {(['metric', 'us'] as const).map((u) => (
            <label key={u} className={`cursor-pointer rounded-md px-3 py-1 font-semibold ${units === u ? 'bg-white text-ink shadow-sm' : 'text-ink-muted'}`}>
              <input type="radio" name={`${id}-units`} value={u} checked={units === u} onChange={() => switchUnits(u)} className="sr-only" />
              {u === 'metric' ? 'Metric (m, L)' : 'US (ft, gal)'}
            </label>
          ))}
        </fieldset>
      </div>

      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="sr-only">Measure by</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name={`${id}-mode`} checked={mode === 'walls'} onChange={() => setMode('walls')} /> Walls
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name={`${id}-mode`} checked={mode === 'area'} onChange={() => setMode('area')} /> Total area
        </label>
      </fieldset>

      {mode === 'walls' ? (
        <div className="flex flex-col gap-2">
          <ol className="flex flex-col gap-2">
            {walls.map((w, i) => (
              <WallInputs key={w.key} row={w} index={i} length={length} onChange={changeWall} onRemove={removeWall} />
            ))}
          </ol>
          <button
            type="button"
            onClick={() => setWalls((rows) => [...rows, { key: Math.max(...rows.map((r) => r.key)) + 1, length: '', height: '' }])}
            className="min-h-11 self-start rounded-lg px-3 text-sm font-semibold text-ink ring-1 ring-line hover:ring-ink/30"
          >
            Add a wall
          </button>
        </div>
      ) : (
        <label className="flex max-w-xs flex-col gap-1">
          <span className={LABEL}>Area to paint ({square})</span>
          <input className={INPUT} inputMode="decimal" value={area} onChange={(e) => setArea(e.target.value)} />
        </label>
      )}

      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Field label="Doors" value={doors} onChange={setDoors} whole />
        <Field label={`Each door (${square})`} value={openings.door} onChange={changeDoorArea} />
        <Field label="Windows" value={windows} onChange={setWindows} whole />
        <Field label={`Each window (${square})`} value={openings.window} onChange={changeWindowArea} />
      </div>

      <CoatsAndSurface coats={coats} surface={surface} recommendedCoats={recommendedCoats} onCoats={setCoats} onSurface={setSurface} />

      <ResultBlock
        result={result}
        units={deferred.units}
        coats={deferred.coats}
        sizes={sizes}
        primerAdvised={primerAdvised}
        colour={tintable && chosen ? chosen : null}
        added={added}
        onAdd={addMix}
        formatPrice={formatPrice}
        mixId={`${id}-mix`}
      />
      <p className="sr-only">Estimate for {name}.</p>
    </section>
  );
}
