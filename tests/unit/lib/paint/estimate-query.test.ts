import { describe, expect, it } from 'vitest';
import { estimateQuerySchema } from '../../../../src/lib/schemas/paint';

const parse = (query: string) => estimateQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(query)));
const messages = (query: string) => {
  const r = parse(query);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('estimateQuerySchema', () => {
  it('reads the query string of GET /api/paint/estimate', () => {
    expect(parse('product=abc&area=37.5&coats=2&surface=porous').data).toEqual({ product: 'abc', area: 37.5, coats: 2, surface: 'porous' });
    expect(parse('product=abc&area=0').data).toEqual({ product: 'abc', area: 0, surface: 'smooth' });
  });

  it('refuses bad input with clear messages', () => {
    expect(messages('area=10')).toEqual(['Please give a product.']);
    expect(messages('product=a&area=-1')).toEqual(['The area must be at least 0 m².']);
    expect(messages('product=a&area=ten')).toEqual(['The area must be a number of square metres.']);
    expect(messages('product=a&area=60000')).toEqual(['The area must be at most 50,000 m².']);
    expect(messages('product=a&area=10&coats=1.5')).toEqual(['Coats must be a whole number.']);
    expect(messages('product=a&area=10&coats=9')).toEqual(['At most 5 coats.']);
    expect(messages('product=a&area=10&surface=glossy')).toEqual(['The surface must be smooth, textured or porous.']);
  });
});
