import { describe, expect, it } from 'vitest';
import { CATALOG_RESULTS_MAX_LIMIT, PRODUCT_LIST_PAGE_SIZE } from '../../../../src/lib/constants';
import { CATALOG_RESULTS_HTML_MESSAGE, CATALOG_RESULTS_LIMIT_MESSAGE, catalogResultsQuerySchema } from '../../../../src/lib/schemas/catalog-results';

describe('catalogResultsQuerySchema', () => {
  it('is ten list pages at most', () => {
    expect(CATALOG_RESULTS_MAX_LIMIT).toBe(480);
    expect(CATALOG_RESULTS_LIMIT_MESSAGE).toBe('Limit must be a whole number from 1 to 480.');
  });

  it('takes one page of the list when no limit is given', () => {
    expect(catalogResultsQuerySchema.parse({})).toEqual({ limit: PRODUCT_LIST_PAGE_SIZE });
    expect(catalogResultsQuerySchema.parse({ limit: undefined })).toEqual({ limit: 48 });
  });

  it('takes a whole number from 1 to 480', () => {
    for (const [given, limit] of [['1', 1], ['48', 48], ['100', 100], ['480', 480]] as const) {
      expect(catalogResultsQuerySchema.parse({ limit: given })).toEqual({ limit });
    }
  });

  it('refuses anything else, and a repeated limit, with the one message', () => {
    for (const given of ['0', '481', '9999', '10000', 'abc', '1.5', '1e2', '-1', '048', ' 5', '', '0x10', ['1', '2']]) {
      const parsed = catalogResultsQuerySchema.safeParse({ limit: given });
      expect(parsed.success, JSON.stringify(given)).toBe(false);
      expect(parsed.error!.issues.map((issue) => [issue.path.join('.'), issue.message]), JSON.stringify(given)).toEqual([['limit', CATALOG_RESULTS_LIMIT_MESSAGE]]);
    }
  });

  it("takes html=1 (the first cards as HTML too), and refuses any other html", () => {
    expect(catalogResultsQuerySchema.parse({ html: '1' })).toEqual({ limit: 48, html: '1' });
    for (const given of ['0', 'true', '', ['1', '1']]) {
      const parsed = catalogResultsQuerySchema.safeParse({ html: given });
      expect(parsed.success, JSON.stringify(given)).toBe(false);
      expect(parsed.error!.issues.map((issue) => [issue.path.join('.'), issue.message]), JSON.stringify(given)).toEqual([['html', CATALOG_RESULTS_HTML_MESSAGE]]);
    }
  });
});
