import { describe, expect, it } from 'vitest';
import { buildRouteTable, compilePattern, findRoute, patternOfRouteFile } from '../../../../src/server/http/route-methods';

const handler = () => new Response(null);

describe('the API route table', () => {
  it('turns route files into URL patterns', () => {
    expect(patternOfRouteFile('../../pages/api/orders/index.ts')).toBe('/api/orders');
    expect(patternOfRouteFile('../../pages/api/admin/orders/[id]/approve.ts')).toBe('/api/admin/orders/[id]/approve');
    expect(patternOfRouteFile('../../pages/api/products/[id]/spec-sheet.pdf.ts')).toBe('/api/products/[id]/spec-sheet.pdf');
  });

  it('matches parameters within one segment and rest parameters across segments', () => {
    expect(compilePattern('/api/orders/[orderNumber]').matcher.test('/api/orders/ORD-12345678')).toBe(true);
    expect(compilePattern('/api/orders/[orderNumber]').matcher.test('/api/orders/a/b')).toBe(false);
    expect(compilePattern('/api/products/[id]/spec-sheet.pdf').matcher.test('/api/products/p1/spec-sheetxpdf')).toBe(false);
    expect(compilePattern('/api/[...path]').matcher.test('/api/a/b/c')).toBe(true);
    expect(compilePattern('/api/[...path]').matcher.test('/api')).toBe(true);
  });

  it('prefers a static route to a parameter and a parameter to a rest parameter, with HEAD wherever GET is', () => {
    const table = buildRouteTable({
      '../../pages/api/[...path].ts': { GET: handler, POST: handler },
      '../../pages/api/orders/[orderNumber].ts': { GET: handler },
      '../../pages/api/orders/index.ts': { POST: handler, prerender: false },
      '../../pages/api/admin/staff/[id].ts': { PATCH: handler },
    });
    expect(findRoute(table, '/api/orders')?.methods).toEqual(['POST']);
    expect(findRoute(table, '/api/orders/ORD-1')?.methods).toEqual(['GET', 'HEAD']);
    expect(findRoute(table, '/api/admin/staff/42')?.methods).toEqual(['PATCH']);
    expect(findRoute(table, '/api/nothing/here')?.pattern).toBe('/api/[...path]');
  });
});
