import { describe, expect, it } from 'vitest';
import { decideShipping, formatTooHeavyMessage, SHIPPING_MESSAGES, type ShippingLine } from '../../../../src/lib/paint/shipping';

const plain = (over: Partial<ShippingLine> = {}): ShippingLine => ({
  productId: 'acrylic',
  name: 'Interior Matt 5 L',
  quantity: 1,
  un: null,
  class: null,
  packingGroup: null,
  limitedQuantity: false,
  aerosol: false,
  grossWeightKg: 6.8,
  ...over,
});
const aerosol = (over: Partial<ShippingLine> = {}) =>
  plain({ productId: 'spray', name: 'Spray Primer 400 mL', un: 'UN1950', class: '2.1', limitedQuantity: true, aerosol: true, grossWeightKg: 0.45, ...over });
const solvent = (over: Partial<ShippingLine> = {}) =>
  plain({ productId: 'alkyd', name: 'Alkyd Gloss 2.5 L', un: 'UN1263', class: '3', packingGroup: 'III', limitedQuantity: true, grossWeightKg: 3.4, ...over });

describe('decideShipping: methods', () => {
  it('offers both methods for a cart of unclassified paint, in one ordinary parcel', () => {
    const d = decideShipping([plain({ quantity: 3 })]);
    expect(d.methods).toEqual([{ id: 'standard', available: true }, { id: 'express', available: true }]);
    expect(d.parcels).toEqual([{ limitedQuantity: false, items: [{ productId: 'acrylic', quantity: 3 }], grossWeightKg: 20.4 }]);
    expect(d.refusal).toBeUndefined();
  });

  it('refuses express for an aerosol, with the reason', () => {
    const d = decideShipping([aerosol({ quantity: 2 })]);
    expect(d.methods).toEqual([
      { id: 'standard', available: true },
      { id: 'express', available: false, reason: 'Aerosols and flammable liquids cannot go by express air; standard delivery only.' },
    ]);
    expect(d.parcels).toEqual([{ limitedQuantity: true, items: [{ productId: 'spray', quantity: 2 }], grossWeightKg: 0.9 }]);
  });

  it('refuses express for a flammable liquid (class 3) even without the aerosol flag', () => {
    expect(decideShipping([solvent()]).methods[1]).toEqual({ id: 'express', available: false, reason: SHIPPING_MESSAGES.expressFlammable });
    expect(decideShipping([plain({ un: 'UN1950', limitedQuantity: true })]).methods[1]!.available).toBe(false);
  });

  it('refuses express for other dangerous goods with a general reason', () => {
    const epoxy = plain({ productId: 'epoxy', un: 'UN3082', class: '9', packingGroup: 'III', limitedQuantity: true });
    expect(decideShipping([epoxy]).methods[1]).toEqual({ id: 'express', available: false, reason: SHIPPING_MESSAGES.expressDangerous });
  });

  it('offers only the methods asked for', () => {
    expect(decideShipping([aerosol()], ['standard']).methods).toEqual([{ id: 'standard', available: true }]);
  });
});

describe('decideShipping: limited-quantity parcels', () => {
  it('splits limited-quantity items into parcels of at most 30 kg gross', () => {
    // 20 × 3.4 kg = 68 kg: 8 per parcel (27.2 kg), so 3 parcels.
    const d = decideShipping([solvent({ quantity: 20 })]);
    expect(d.parcels.map((p) => p.grossWeightKg)).toEqual([27.2, 27.2, 13.6]);
    expect(d.parcels.every((p) => p.limitedQuantity && p.grossWeightKg <= 30)).toBe(true);
    expect(d.parcels.flatMap((p) => p.items).reduce((s, i) => s + i.quantity, 0)).toBe(20);
  });

  it('packs exactly 30 kg into one parcel', () => {
    expect(decideShipping([solvent({ grossWeightKg: 7.5, quantity: 4 })]).parcels).toEqual([
      { limitedQuantity: true, items: [{ productId: 'alkyd', quantity: 4 }], grossWeightKg: 30 },
    ]);
  });

  it('refuses a cart whose single limited-quantity unit weighs more than 30 kg', () => {
    const d = decideShipping([solvent({ name: 'Alkyd Primer 25 L drum', grossWeightKg: 31.5 }), plain()]);
    const message = '“Alkyd Primer 25 L drum” weighs 31.5 kg gross per unit, above the 30 kg a limited-quantity parcel may weigh: we cannot ship it. Please contact us for a freight delivery.';
    expect(formatTooHeavyMessage('Alkyd Primer 25 L drum', 31.5)).toBe(message);
    expect(d.refusal).toBe(message);
    expect(d.parcels).toEqual([]);
    expect(d.methods).toEqual([
      { id: 'standard', available: false, reason: message },
      { id: 'express', available: false, reason: message },
    ]);
  });

  it('keeps a mixed cart: LQ items split by weight, the rest in one ordinary parcel, express refused', () => {
    const d = decideShipping([plain({ quantity: 4 }), aerosol({ quantity: 6 }), solvent({ quantity: 9 })]);
    expect(d.methods[0]).toEqual({ id: 'standard', available: true });
    expect(d.methods[1]!.reason).toBe(SHIPPING_MESSAGES.expressFlammable);
    const lq = d.parcels.filter((p) => p.limitedQuantity);
    const ordinary = d.parcels.filter((p) => !p.limitedQuantity);
    expect(ordinary).toEqual([{ limitedQuantity: false, items: [{ productId: 'acrylic', quantity: 4 }], grossWeightKg: 27.2 }]);
    // 9 × 3.4 + 6 × 0.45 = 33.3 kg of LQ: two parcels, none over 30 kg, every unit packed once.
    expect(lq).toHaveLength(2);
    expect(lq.every((p) => p.grossWeightKg <= 30)).toBe(true);
    const packed = (id: string) => lq.flatMap((p) => p.items).filter((i) => i.productId === id).reduce((s, i) => s + i.quantity, 0);
    expect(packed('alkyd')).toBe(9);
    expect(packed('spray')).toBe(6);
    expect(lq.reduce((s, p) => s + p.grossWeightKg, 0)).toBeCloseTo(33.3, 9);
  });

  it('refuses invalid lines', () => {
    expect(() => decideShipping([plain({ quantity: 0 })])).toThrow(RangeError);
    expect(() => decideShipping([plain({ grossWeightKg: -1 })])).toThrow(RangeError);
  });

  it('answers an empty cart with both methods and no parcels', () => {
    expect(decideShipping([])).toEqual({ methods: [{ id: 'standard', available: true }, { id: 'express', available: true }], parcels: [] });
  });
});
