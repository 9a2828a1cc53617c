/**
 * The paint estimate: the area to paint (walls or a total, less doors and windows), the litres its
 * coats need at the surface's spread rate, and the cheapest mix of a family's in-stock pack sizes
 * that holds at least that much. One pure function shared by the product page's calculator and
 * `GET /api/paint/estimate`; lengths in metres, areas in m², volumes in litres, money in cents.
 *
 * Where in the spread range to plan, by surface:
 * - smooth (previously painted, filled plaster): the maker's best rate, the range's max;
 * - porous (bare plaster, brick, new wood, which drink the first coat): the range's min;
 * - textured (woodchip, rendered, sand finishes): the middle of the range.
 * The range itself is returned as `litres.min` (at the max rate) and `litres.max` (at the min rate).
 */
import { toM2PerL, type SpreadRateUnit } from './pack-units';

/** Surfaces the estimate knows. */
export const SURFACES = ['smooth', 'textured', 'porous'] as const;
/** A surface: where in the spread-rate range the estimate plans. */
export type Surface = (typeof SURFACES)[number];

/** The area a door takes out of a wall by default, m² (≈ 20 ft²: a 0.8 × 2.0 m leaf with its frame). */
export const DEFAULT_DOOR_AREA_M2 = 1.9;
/** The area a window takes out of a wall by default, m² (≈ 13 ft²). */
export const DEFAULT_WINDOW_AREA_M2 = 1.2;
/** The most paint one estimate plans, litres; more is a trade enquiry, not a basket. */
export const MAX_ESTIMATE_LITRES = 5000;

/** One wall: its length and height in metres. */
export interface Wall {
  length: number;
  height: number;
}

/** One pack size a family offers: its product, litres in it, price and whether it can be bought. */
export interface PackOption {
  productId: string;
  litres: number;
  priceCents: number;
  inStock: boolean;
  /** A sample pot (see familySamplePots): a tester to try a colour, never chosen to paint a room. */
  samplePot?: boolean;
}

/** What the estimate needs. Give `walls` or `area` (m²), not both. */
export interface EstimateInput {
  walls?: readonly Wall[];
  area?: number;
  /** Number of doors to subtract (default 0). */
  doors?: number;
  /** Number of windows to subtract (default 0). */
  windows?: number;
  /** m² per door (default DEFAULT_DOOR_AREA_M2). */
  doorArea?: number;
  /** m² per window (default DEFAULT_WINDOW_AREA_M2). */
  windowArea?: number;
  coats: number;
  surface: Surface;
  spreadRate: { min: number; max: number; unit: SpreadRateUnit };
  packs: readonly PackOption[];
}

/** One line of the chosen mix. */
export interface PackQuantity {
  productId: string;
  quantity: number;
}

/** Why no mix of packs is offered. */
export type NoPacksReason = 'none-in-stock' | 'too-much';

/** The messages shown for each NoPacksReason. */
export const NO_PACKS_MESSAGES: Record<NoPacksReason, string> = {
  'none-in-stock': 'No size of this paint is in stock at the moment.',
  'too-much': `That is more than ${MAX_ESTIMATE_LITRES.toLocaleString('en-US')} L: please ask us for a trade quote.`,
};

/** The answer: areas in m², litres, the chosen packs and what they cost and leave over. */
export interface PaintEstimate {
  /** Walls (or the given area) before openings, m². */
  grossArea: number;
  /** The area painted: gross less doors and windows, never below 0, m². */
  area: number;
  /** Paint for all coats at the range's max rate (min) and min rate (max), litres rounded up to the mL. */
  litres: { min: number; max: number };
  /** Paint planned at the surface's rate, litres rounded up to the mL: what the packs cover. */
  plannedLitres: number;
  /** The cheapest in-stock mix holding plannedLitres, largest size first; empty when none is needed or possible. */
  packs: PackQuantity[];
  totalCents: number;
  /** Litres in the chosen packs. */
  packLitres: number;
  /** packLitres − plannedLitres (0 when no packs). */
  leftoverLitres: number;
  /** Set when packs is empty although paint is needed. */
  reason?: NoPacksReason;
}

/** The cheapest mix of packs for a volume: its lines, cost and litres; or a reason there is none. */
export interface PackChoice {
  packs: PackQuantity[];
  totalCents: number;
  packLitres: number;
  reason?: NoPacksReason;
}

function assertFiniteAtLeast(value: number, min: number, what: string): void {
  if (!Number.isFinite(value) || value < min) throw new RangeError(`${what} must be a number of at least ${min}.`);
}

/** Rounds litres up to the millilitre, ignoring floating-point dust just above a whole mL. */
function ceilToMillilitre(litres: number): number {
  return Math.max(0, Math.ceil(litres * 1000 - 1e-7) / 1000) + 0;
}

/** Spread rate (m²/L) at which a surface is planned, within the range [minRate, maxRate]. */
export function plannedSpreadRate(minRate: number, maxRate: number, surface: Surface): number {
  if (surface === 'smooth') return maxRate;
  if (surface === 'porous') return minRate;
  return (minRate + maxRate) / 2;
}

/** Gross area of walls in m² (Σ length × height). */
export function wallsArea(walls: readonly Wall[]): number {
  let sum = 0;
  for (const w of walls) {
    assertFiniteAtLeast(w.length, 0, 'A wall length');
    assertFiniteAtLeast(w.height, 0, 'A wall height');
    sum += w.length * w.height;
  }
  return sum;
}

/** Estimates the paint for an area and chooses the cheapest covering mix of in-stock packs; throws RangeError on invalid input. */
export function estimatePaint(input: EstimateInput): PaintEstimate {
  if ((input.walls === undefined) === (input.area === undefined)) {
    throw new RangeError('Give either walls or a total area.');
  }
  let grossArea: number;
  if (input.walls !== undefined) {
    grossArea = wallsArea(input.walls);
  } else {
    assertFiniteAtLeast(input.area!, 0, 'The area');
    grossArea = input.area!;
  }
  const doors = input.doors ?? 0;
  const windows = input.windows ?? 0;
  const doorArea = input.doorArea ?? DEFAULT_DOOR_AREA_M2;
  const windowArea = input.windowArea ?? DEFAULT_WINDOW_AREA_M2;
  for (const [n, what] of [[doors, 'The number of doors'], [windows, 'The number of windows']] as const) {
    if (!Number.isInteger(n) || n < 0) throw new RangeError(`${what} must be a whole number of at least 0.`);
  }
  assertFiniteAtLeast(doorArea, 0, 'The area of a door');
  assertFiniteAtLeast(windowArea, 0, 'The area of a window');
  if (!Number.isInteger(input.coats) || input.coats < 1) throw new RangeError('Coats must be a whole number of at least 1.');
  if (!(SURFACES as readonly string[]).includes(input.surface)) throw new RangeError(`Unknown surface: ${input.surface}.`);

  const minRate = toM2PerL(input.spreadRate.min, input.spreadRate.unit);
  const maxRate = toM2PerL(input.spreadRate.max, input.spreadRate.unit);
  if (!(minRate > 0) || !(maxRate >= minRate) || !Number.isFinite(maxRate)) {
    throw new RangeError('The spread rate must be positive with min ≤ max.');
  }

  const area = Math.max(0, grossArea - doors * doorArea - windows * windowArea);
  const paintedArea = area * input.coats;
  const litres = { min: ceilToMillilitre(paintedArea / maxRate), max: ceilToMillilitre(paintedArea / minRate) };
  const plannedLitres = ceilToMillilitre(paintedArea / plannedSpreadRate(minRate, maxRate, input.surface));

  const choice = chooseCheapestPacks(plannedLitres, input.packs);
  return {
    grossArea,
    area,
    litres,
    plannedLitres,
    packs: choice.packs,
    totalCents: choice.totalCents,
    packLitres: choice.packLitres,
    leftoverLitres: choice.packs.length > 0 ? Math.max(0, roundNano(choice.packLitres - plannedLitres)) : 0,
    ...(choice.reason ? { reason: choice.reason } : {}),
  };
}

const NL_PER_LITRE = 1e9;
// Sizes on a common grid (metric with metric, US with US) are solved over volume; the grid's
// cells are capped to bound memory, past which the search runs over price instead.
const MAX_VOLUME_CELLS = 400_000;
const MAX_COST_CELLS = 12_000_000;
// Choices are kept in an Int8Array; a family has a handful of sizes.
const MAX_PACK_OPTIONS = 100;

function roundNano(litres: number): number {
  return Math.round(litres * NL_PER_LITRE) / NL_PER_LITRE;
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

interface Option {
  productId: string;
  nl: number;
  priceCents: number;
}

/**
 * The cheapest combination of in-stock packs (any number of each, sample pots left out) holding at
 * least `needLitres`; ties go to fewer packs, then less left over. Exact: volumes are whole nanolitres, prices whole cents.
 */
export function chooseCheapestPacks(needLitres: number, packs: readonly PackOption[]): PackChoice {
  assertFiniteAtLeast(needLitres, 0, 'The litres needed');
  for (const p of packs) {
    if (!(p.litres > 0) || !Number.isFinite(p.litres)) throw new RangeError(`Pack ${p.productId} must hold more than 0 L.`);
    if (!Number.isInteger(p.priceCents) || p.priceCents <= 0) {
      throw new RangeError(`Pack ${p.productId} must cost a whole number of cents above 0.`);
    }
  }
  const none: PackChoice = { packs: [], totalCents: 0, packLitres: 0 };
  if (needLitres === 0) return none;
  if (needLitres > MAX_ESTIMATE_LITRES) return { ...none, reason: 'too-much' };
  const options: Option[] = packs
    .filter((p) => p.inStock && !p.samplePot)
    .map((p) => ({ productId: p.productId, nl: Math.round(p.litres * NL_PER_LITRE), priceCents: p.priceCents }));
  if (options.length === 0) return { ...none, reason: 'none-in-stock' };
  if (options.length > MAX_PACK_OPTIONS) throw new RangeError(`At most ${MAX_PACK_OPTIONS} pack sizes can be compared.`);

  // Floating-point dust (0.1 + 0.2) must not ask for one more nanolitre than a pack holds.
  const needNl = Math.max(1, Math.ceil(needLitres * NL_PER_LITRE - 1e-3));
  const grid = options.reduce((g, o) => gcd(g, o.nl), 0);
  const cells = Math.ceil(needNl / grid);
  const counts = cells <= MAX_VOLUME_CELLS ? solveOverVolume(options, grid, cells) : solveOverCost(options, needNl);
  // Only a very large need in a family mixing US and metric sizes has too many prices to compare.
  if (!counts) return { ...none, reason: 'too-much' };

  const lines: { option: Option; quantity: number }[] = [];
  counts.forEach((quantity, i) => {
    if (quantity > 0) lines.push({ option: options[i]!, quantity });
  });
  // Several products of the same size and price: one line each, largest size first.
  lines.sort((a, b) => b.option.nl - a.option.nl || a.option.priceCents - b.option.priceCents);
  const totalNl = lines.reduce((s, l) => s + l.option.nl * l.quantity, 0);
  return {
    packs: lines.map((l) => ({ productId: l.option.productId, quantity: l.quantity })),
    totalCents: lines.reduce((s, l) => s + l.option.priceCents * l.quantity, 0),
    packLitres: totalNl / NL_PER_LITRE,
  };
}

/**
 * Unbounded covering knapsack over volume in grid units (the sizes' greatest common divisor, so exact):
 * best[v] is the lexicographically least (cost, packs, volume) combination holding at least v units.
 */
function solveOverVolume(options: Option[], grid: number, cells: number): number[] {
  const units = options.map((o) => o.nl / grid);
  const cost = new Float64Array(cells + 1);
  const count = new Int32Array(cells + 1);
  const volume = new Float64Array(cells + 1);
  const choice = new Int8Array(cells + 1).fill(-1);
  for (let v = 1; v <= cells; v++) {
    let bestCost = Infinity;
    let bestCount = 0;
    let bestVolume = 0;
    let bestChoice = -1;
    for (let i = 0; i < options.length; i++) {
      const rest = v > units[i]! ? v - units[i]! : 0;
      const c = cost[rest]! + options[i]!.priceCents;
      const n = count[rest]! + 1;
      const vol = volume[rest]! + units[i]!;
      if (c < bestCost || (c === bestCost && (n < bestCount || (n === bestCount && vol < bestVolume)))) {
        bestCost = c;
        bestCount = n;
        bestVolume = vol;
        bestChoice = i;
      }
    }
    cost[v] = bestCost;
    count[v] = bestCount;
    volume[v] = bestVolume;
    choice[v] = bestChoice;
  }
  const counts = options.map(() => 0);
  for (let v = cells; v > 0; ) {
    const i = choice[v]!;
    counts[i]!++;
    v = v > units[i]! ? v - units[i]! : 0;
  }
  return counts;
}

/**
 * Unbounded knapsack over price (whole cents, divided by the prices' common divisor) for sizes with no
 * useful common grid (US and metric sizes in one family): most[c] is the most volume exactly c buys,
 * and the answer is the least c whose volume covers the need. Exact in price; among equal prices the
 * mix with the most paint wins here. Null when the price range is too wide to hold in memory.
 */
function solveOverCost(options: Option[], needNl: number): number[] | null {
  const step = options.reduce((g, o) => gcd(g, o.priceCents), 0);
  const prices = options.map((o) => o.priceCents / step);
  // Any single size bought alone is an upper bound on the cheapest mix.
  const upper = Math.min(...options.map((o, i) => Math.ceil(needNl / o.nl) * prices[i]!));
  if (upper > MAX_COST_CELLS) return null;
  const most = new Float64Array(upper + 1).fill(-1);
  const choice = new Int8Array(upper + 1).fill(-1);
  most[0] = 0;
  let found = upper;
  for (let c = 1; c <= upper; c++) {
    let best = -1;
    let bestChoice = -1;
    for (let i = 0; i < options.length; i++) {
      const p = prices[i]!;
      if (p > c) continue;
      const before = most[c - p]!;
      if (before < 0) continue;
      const vol = before + options[i]!.nl;
      if (vol > best) {
        best = vol;
        bestChoice = i;
      }
    }
    most[c] = best;
    choice[c] = bestChoice;
    if (best >= needNl) {
      found = c;
      break;
    }
  }
  const counts = options.map(() => 0);
  for (let c = found; c > 0; ) {
    const i = choice[c]!;
    counts[i]!++;
    c -= prices[i]!;
  }
  return counts;
}
