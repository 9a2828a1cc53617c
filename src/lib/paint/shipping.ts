/**
 * Dangerous-goods rules for the shop's shipping methods, as a pure decision over the cart:
 * which method a cart may use (and why not), and how its limited-quantity (LQ) items are split into
 * parcels of at most LIMITED_QUANTITY_PARCEL_MAX_KG gross (ADR 3.4: an LQ package stays under 30 kg).
 * Express goes by air, where flammable liquids (class 3, e.g. UN1263 paint) and aerosols
 * (UN1950, division 2.1) are refused; any other dangerous goods are refused by express too.
 * Fully regulated dangerous goods (a UN number without the LQ flag) are outside these rules: the
 * catalogue ships everything hazardous as LQ, and such a line travels in the ordinary parcel.
 */

/** The most a limited-quantity parcel may weigh, gross, in kg. */
export const LIMITED_QUANTITY_PARCEL_MAX_KG = 30;

/** The shop's shipping methods. */
export const SHIPPING_METHOD_IDS = ['standard', 'express'] as const;
/** A shipping method id. */
export type ShippingMethodId = (typeof SHIPPING_METHOD_IDS)[number];

/** Why a method is not offered for a cart. */
export const SHIPPING_MESSAGES = {
  expressFlammable: 'Aerosols and flammable liquids cannot go by express air; standard delivery only.',
  expressDangerous: 'Dangerous goods cannot go by express air; standard delivery only.',
} as const;

/** The refusal of a cart with an LQ item heavier than one parcel may be. */
export function formatTooHeavyMessage(name: string, unitKg: number): string {
  return `“${name}” weighs ${Math.round(unitKg * 10) / 10} kg gross per unit, above the ${LIMITED_QUANTITY_PARCEL_MAX_KG} kg a limited-quantity parcel may weigh: we cannot ship it. Please contact us for a freight delivery.`;
}

/** One cart line with its dangerous-goods data (per unit). */
export interface ShippingLine {
  productId: string;
  name: string;
  quantity: number;
  /** UN number ('UN1263'), or null when not dangerous goods. */
  un: string | null;
  /** Transport class ('3', '2.1', '8', '9'), or null. */
  class: string | null;
  packingGroup: 'I' | 'II' | 'III' | null;
  limitedQuantity: boolean;
  aerosol: boolean;
  /** Gross weight of one unit, kg. */
  grossWeightKg: number;
}

/** One parcel: LQ-marked or ordinary, its contents and gross weight. */
export interface Parcel {
  limitedQuantity: boolean;
  items: { productId: string; quantity: number }[];
  grossWeightKg: number;
}

/** Whether a method may carry the cart, with the reason when not. */
export interface MethodAvailability {
  id: ShippingMethodId;
  available: boolean;
  reason?: string;
}

/** The decision for a cart: each method's availability, the parcels, and a refusal when nothing can ship. */
export interface ShippingDecision {
  methods: MethodAvailability[];
  parcels: Parcel[];
  refusal?: string;
}

function isFlammableOrAerosol(line: ShippingLine): boolean {
  return line.aerosol || line.un === 'UN1950' || line.class === '3' || (line.class ?? '').startsWith('2.1');
}

function isDangerous(line: ShippingLine): boolean {
  return line.aerosol || Boolean(line.un) || Boolean(line.class);
}

/** Decides which methods a cart may use and splits its LQ items into parcels of at most 30 kg gross. */
export function decideShipping(lines: readonly ShippingLine[], methods: readonly ShippingMethodId[] = SHIPPING_METHOD_IDS): ShippingDecision {
  for (const line of lines) {
    if (!Number.isInteger(line.quantity) || line.quantity < 1) throw new RangeError(`Line ${line.productId}: quantity must be a whole number of at least 1.`);
    if (!Number.isFinite(line.grossWeightKg) || line.grossWeightKg < 0) throw new RangeError(`Line ${line.productId}: gross weight must be at least 0 kg.`);
  }
  const tooHeavy = lines.find((l) => l.limitedQuantity && l.grossWeightKg > LIMITED_QUANTITY_PARCEL_MAX_KG);
  if (tooHeavy) {
    const refusal = formatTooHeavyMessage(tooHeavy.name, tooHeavy.grossWeightKg);
    return { methods: methods.map((id) => ({ id, available: false, reason: refusal })), parcels: [], refusal };
  }

  const expressReason = lines.some(isFlammableOrAerosol)
    ? SHIPPING_MESSAGES.expressFlammable
    : lines.some(isDangerous)
      ? SHIPPING_MESSAGES.expressDangerous
      : undefined;
  const availability = methods.map((id): MethodAvailability =>
    id === 'express' && expressReason ? { id, available: false, reason: expressReason } : { id, available: true },
  );
  return { methods: availability, parcels: packParcels(lines) };
}

/** LQ units packed first-fit decreasing into parcels of at most 30 kg (in grams, so sums stay exact); the rest in one ordinary parcel. */
function packParcels(lines: readonly ShippingLine[]): Parcel[] {
  const maxGrams = LIMITED_QUANTITY_PARCEL_MAX_KG * 1000;
  const lq = lines
    .filter((l) => l.limitedQuantity)
    .map((l) => ({ line: l, grams: Math.round(l.grossWeightKg * 1000) }))
    .sort((a, b) => b.grams - a.grams);
  const bins: { grams: number; counts: Map<string, number> }[] = [];
  for (const { line, grams } of lq) {
    for (let n = 0; n < line.quantity; n++) {
      let bin = bins.find((b) => b.grams + grams <= maxGrams);
      if (!bin) {
        bin = { grams: 0, counts: new Map() };
        bins.push(bin);
      }
      bin.grams += grams;
      bin.counts.set(line.productId, (bin.counts.get(line.productId) ?? 0) + 1);
    }
  }
  const parcels: Parcel[] = bins.map((b) => ({
    limitedQuantity: true,
    items: [...b.counts].map(([productId, quantity]) => ({ productId, quantity })),
    grossWeightKg: b.grams / 1000,
  }));
  const ordinary = lines.filter((l) => !l.limitedQuantity);
  if (ordinary.length > 0) {
    parcels.push({
      limitedQuantity: false,
      items: ordinary.map((l) => ({ productId: l.productId, quantity: l.quantity })),
      grossWeightKg: ordinary.reduce((s, l) => s + Math.round(l.grossWeightKg * 1000) * l.quantity, 0) / 1000,
    });
  }
  return parcels;
}
