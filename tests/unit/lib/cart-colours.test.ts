import { describe, expect, it } from 'vitest';
import { addLine, addLines, decodeCart, lineKey, parseCartProduct, removeLine, setLineQuantity, type CartProduct } from '../../../src/lib/cart';

const eggshell: CartProduct = { id: 'dc-ultra-interior-eggshell-1g', name: 'Diamond Ultra Interior Acrylic Eggshell 1 gal', price: 42.99, image: '/e.svg', category: 'Diamond Collection' };
const anthracite = { system: 'ral-classic', code: 'RAL 7016', name: 'Anthracite Grey', hex: '#293133' };
const white = { system: 'ral-classic', code: 'RAL 9010', name: 'Pure White', hex: '#ffffff' };
const inGrey: CartProduct = { ...eggshell, colour: anthracite };
const inWhite: CartProduct = { ...eggshell, colour: white };

describe('cart lines keyed by product and colour', () => {
  it('keys an untinted line by its product id and a tinted one by product, system and code, never the hex', () => {
    expect(lineKey(eggshell)).toBe('dc-ultra-interior-eggshell-1g');
    expect(lineKey(inGrey)).toBe('dc-ultra-interior-eggshell-1g|ral-classic|RAL 7016');
    expect(lineKey({ ...eggshell, colour: { ...anthracite, hex: '#000000', name: 'Another spelling' } })).toBe(lineKey(inGrey));
  });

  it('makes the same product in two colours two lines, and the same colour again one line', () => {
    let lines = addLine([], inGrey);
    lines = addLine(lines, inWhite);
    lines = addLine(lines, eggshell);
    lines = addLine(lines, inGrey);
    expect(lines.map((l) => [l.product.colour?.code ?? null, l.quantity])).toEqual([
      ['RAL 7016', 2],
      ['RAL 9010', 1],
      [null, 1],
    ]);
  });

  it('changes and removes one colour without touching the other', () => {
    const lines = addLines([], [{ product: inGrey, quantity: 2 }, { product: inWhite, quantity: 3 }]);
    expect(setLineQuantity(lines, lineKey(inWhite), 5).map((l) => l.quantity)).toEqual([2, 5]);
    expect(removeLine(lines, lineKey(inGrey))).toEqual([{ product: inWhite, quantity: 3 }]);
    expect(removeLine(lines, eggshell.id)).toEqual(lines);
  });

  it('reads the colour back from storage, merges repeats of one colour, and drops a colour without system or code', () => {
    const stored = JSON.stringify([
      { product: inGrey, quantity: 1 },
      { product: inWhite, quantity: 1 },
      { product: inGrey, quantity: 2 },
    ]);
    expect(decodeCart(stored)).toEqual([
      { product: inGrey, quantity: 3 },
      { product: inWhite, quantity: 1 },
    ]);
    expect(parseCartProduct({ ...eggshell, colour: { code: 'RAL 7016', name: 'x', hex: '#000000' } })).toEqual(eggshell);
    expect(parseCartProduct({ ...eggshell, colour: { ...anthracite, name: 42 } })).toEqual(eggshell);
  });
});
