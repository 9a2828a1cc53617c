import { describe, expect, it } from 'vitest';
import {
  addLine,
  addLines,
  canAddToCart,
  countItems,
  decodeCart,
  formatBadgeCount,
  removeLine,
  setLineQuantity,
  sumCents,
  type CartLine,
  type CartProduct,
} from '../../../src/lib/cart';
import { BADGE_CAP, BADGE_CAP_TEXT, CART_LINE_MAX_QUANTITY } from '../../../src/lib/constants';

const primer: CartProduct = {
  id: 'zinsser-bulls-eye-123',
  name: 'Bulls Eye 1-2-3 Primer',
  price: 34.99,
  image: '/images/generated/products/zinsser-bulls-eye-123.svg',
  category: 'Zinsser',
};
const enamel: CartProduct = {
  id: 'rustoleum-stops-rust',
  name: 'Stops Rust Protective Enamel',
  price: 12.5,
  image: '/images/generated/products/rustoleum-stops-rust.svg',
  category: 'Rustoleum',
};

/** A stored cart as the store writes it. */
function encode(lines: unknown): string {
  return JSON.stringify(lines);
}

describe('addLine', () => {
  it('starts a new line with quantity 1 for a product not in the cart', () => {
    expect(addLine([], primer)).toEqual([{ product: primer, quantity: 1 }]);
  });

  it('increments the existing line by 1 instead of adding a second line', () => {
    const once = addLine([], primer);
    const twice = addLine(once, primer);
    expect(twice).toEqual([{ product: primer, quantity: 2 }]);
  });

  it('adds a different product as its own line after the existing ones', () => {
    const lines = addLine(addLine([], primer), enamel);
    expect(lines.map((l) => [l.product.id, l.quantity])).toEqual([
      [primer.id, 1],
      [enamel.id, 1],
    ]);
  });

  it('keeps only the cart snapshot fields of a richer product object', () => {
    const candidate = { ...primer, inStock: true, requestQuoteOnly: false, sku: 'ZN-123' };
    const [line] = addLine([], candidate);
    expect(Object.keys(line!.product).sort()).toEqual(['category', 'id', 'image', 'name', 'price']);
  });

  it('does not change the lines it was given', () => {
    const lines: CartLine[] = [{ product: primer, quantity: 1 }];
    addLine(lines, primer);
    expect(lines).toEqual([{ product: primer, quantity: 1 }]);
  });

  it(`stops at ${CART_LINE_MAX_QUANTITY} units on one line`, () => {
    const full: CartLine[] = [{ product: primer, quantity: CART_LINE_MAX_QUANTITY }];
    expect(addLine(full, primer)).toEqual([{ product: primer, quantity: CART_LINE_MAX_QUANTITY }]);
  });

  it('refuses a product without an id or with a negative price', () => {
    expect(() => addLine([], { ...primer, id: '' })).toThrow();
    expect(() => addLine([], { ...primer, price: -1 })).toThrow();
  });
});

describe('removeLine', () => {
  it('removes the line of that product and keeps the others', () => {
    const lines = addLine(addLine([], primer), enamel);
    expect(removeLine(lines, primer.id)).toEqual([{ product: enamel, quantity: 1 }]);
  });

  it('leaves the cart as it was for a product that is not in it', () => {
    const lines = addLine([], primer);
    expect(removeLine(lines, 'no-such-product')).toEqual(lines);
  });
});

describe('setLineQuantity', () => {
  const lines: CartLine[] = [
    { product: primer, quantity: 2 },
    { product: enamel, quantity: 1 },
  ];

  it('sets the quantity of one line', () => {
    expect(setLineQuantity(lines, primer.id, 5)).toEqual([
      { product: primer, quantity: 5 },
      { product: enamel, quantity: 1 },
    ]);
  });

  it('removes a line when its quantity reaches 0', () => {
    expect(setLineQuantity(lines, primer.id, 0)).toEqual([{ product: enamel, quantity: 1 }]);
  });

  it('floors a negative quantity at 0, which removes the line', () => {
    expect(setLineQuantity(lines, enamel.id, -3)).toEqual([{ product: primer, quantity: 2 }]);
  });

  it('rounds a fractional quantity down to whole units', () => {
    expect(setLineQuantity(lines, primer.id, 3.7)[0]!.quantity).toBe(3);
  });

  it('treats a quantity that is not a finite number as 0', () => {
    expect(setLineQuantity(lines, primer.id, Number.NaN)).toEqual([{ product: enamel, quantity: 1 }]);
    expect(setLineQuantity(lines, primer.id, Number.POSITIVE_INFINITY)).toEqual([{ product: enamel, quantity: 1 }]);
  });

  it(`caps a quantity at ${CART_LINE_MAX_QUANTITY}`, () => {
    expect(setLineQuantity(lines, primer.id, CART_LINE_MAX_QUANTITY + 500)[0]!.quantity).toBe(
      CART_LINE_MAX_QUANTITY,
    );
  });
});

describe('countItems and sumCents', () => {
  it('counts units across lines and sums the total in integer cents', () => {
    const lines: CartLine[] = [
      { product: primer, quantity: 3 },
      { product: enamel, quantity: 2 },
    ];
    expect(countItems(lines)).toBe(5);
    expect(sumCents(lines)).toBe(3 * 3499 + 2 * 1250);
  });

  it('gives 0 units and 0 cents for an empty cart', () => {
    expect(countItems([])).toBe(0);
    expect(sumCents([])).toBe(0);
  });

  it('avoids floating-point drift on prices like 0.1 + 0.2', () => {
    const tenCents = { ...primer, id: 'a', price: 0.1 };
    const twentyCents = { ...primer, id: 'b', price: 0.2 };
    expect(sumCents([{ product: tenCents, quantity: 1 }, { product: twentyCents, quantity: 1 }])).toBe(30);
  });
});

describe('canAddToCart', () => {
  it('allows only products in stock that are not sold by quotation', () => {
    expect(canAddToCart({ inStock: true, requestQuoteOnly: false })).toBe(true);
    expect(canAddToCart({ inStock: false, requestQuoteOnly: false })).toBe(false);
    expect(canAddToCart({ inStock: true, requestQuoteOnly: true })).toBe(false);
    expect(canAddToCart({ inStock: false, requestQuoteOnly: true })).toBe(false);
  });
});

describe('decodeCart', () => {
  it('reads back what the store writes', () => {
    const lines: CartLine[] = [
      { product: primer, quantity: 4 },
      { product: enamel, quantity: 1 },
    ];
    expect(decodeCart(encode(lines))).toEqual(lines);
  });

  it("keeps a line's hazard pictograms, dropping codes that are not GHS01–GHS09 but never the line", () => {
    const stored = encode([{ product: { ...enamel, pictograms: ['GHS02', 'GHS99', 7, 'GHS07'] as never }, quantity: 2 }]);
    expect(decodeCart(stored)).toEqual([{ product: { ...enamel, pictograms: ['GHS02', 'GHS07'] }, quantity: 2 }]);
    expect(decodeCart(encode([{ product: { ...enamel, pictograms: 'GHS02' as never }, quantity: 1 }]))).toEqual([{ product: enamel, quantity: 1 }]);
  });

  it.each([
    ['nothing stored', null],
    ['undefined', undefined],
    ['an empty string', ''],
    ['broken JSON', '[{"product":'],
    ['a JSON object instead of a list', '{"product":{}}'],
    ['a JSON number', '42'],
    ['the text null', 'null'],
  ])('gives an empty cart for %s', (_label, stored) => {
    expect(decodeCart(stored)).toEqual([]);
  });

  it('drops invalid lines and keeps the valid ones', () => {
    const stored = encode([
      { product: primer, quantity: 2 },
      { product: { ...enamel, price: 'free' }, quantity: 1 },
      { product: { name: 'No id', price: 1, image: '', category: 'Zinsser' }, quantity: 1 },
      { product: enamel, quantity: 0 },
      { product: enamel, quantity: 'many' },
      null,
      'text',
      42,
    ]);
    expect(decodeCart(stored)).toEqual([{ product: primer, quantity: 2 }]);
  });

  it('merges duplicate lines of one product by adding their quantities', () => {
    const stored = encode([
      { product: primer, quantity: 2 },
      { product: enamel, quantity: 1 },
      { product: primer, quantity: 3 },
    ]);
    expect(decodeCart(stored)).toEqual([
      { product: primer, quantity: 5 },
      { product: enamel, quantity: 1 },
    ]);
  });

  it(`caps stored and merged quantities at ${CART_LINE_MAX_QUANTITY}`, () => {
    expect(decodeCart(encode([{ product: primer, quantity: 5000 }]))).toEqual([
      { product: primer, quantity: CART_LINE_MAX_QUANTITY },
    ]);
    expect(
      decodeCart(
        encode([
          { product: primer, quantity: CART_LINE_MAX_QUANTITY - 1 },
          { product: primer, quantity: 10 },
        ]),
      ),
    ).toEqual([{ product: primer, quantity: CART_LINE_MAX_QUANTITY }]);
  });

  it('rounds a stored fractional quantity down', () => {
    expect(decodeCart(encode([{ product: primer, quantity: 2.9 }]))).toEqual([{ product: primer, quantity: 2 }]);
  });
});

describe('formatBadgeCount', () => {
  it(`shows the count up to ${BADGE_CAP}`, () => {
    expect(formatBadgeCount(0)).toBe('0');
    expect(formatBadgeCount(1)).toBe('1');
    expect(formatBadgeCount(BADGE_CAP)).toBe('99');
  });

  it(`shows '${BADGE_CAP_TEXT}' above ${BADGE_CAP}`, () => {
    expect(formatBadgeCount(BADGE_CAP + 1)).toBe(BADGE_CAP_TEXT);
    expect(formatBadgeCount(1000)).toBe(BADGE_CAP_TEXT);
  });
});

describe('addLines', () => {
  const paint = { id: 'p-1', name: 'Hall Paint', price: 12.5, image: '/p1.jpg', category: 'interior' };
  const primer = { id: 'p-2', name: 'Primer', price: 8, image: '/p2.jpg', category: 'interior' };

  it('adds whole lines, growing an existing line by the quantity and appending the others', () => {
    const lines = addLines([{ product: paint, quantity: 2 }], [
      { product: { ...paint, price: 13 }, quantity: 3 },
      { product: primer, quantity: 4 },
    ]);
    expect(lines).toEqual([
      { product: { ...paint, price: 13 }, quantity: 5 },
      { product: primer, quantity: 4 },
    ]);
  });

  it('keeps a line within the cap and skips invalid products and zero quantities', () => {
    const lines = addLines([{ product: paint, quantity: CART_LINE_MAX_QUANTITY - 1 }], [
      { product: paint, quantity: 5 },
      { product: { ...primer, price: -1 }, quantity: 1 },
      { product: primer, quantity: 0 },
    ]);
    expect(lines).toEqual([{ product: paint, quantity: CART_LINE_MAX_QUANTITY }]);
  });
});
