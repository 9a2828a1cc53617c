import { describe, expect, it } from 'vitest';
import { moveItem, removeAt } from '../../../../src/components/admin/products/form-lists';
import { describeUploadFailure, precheckImageFile, runPooled, UPLOAD_FAILED } from '../../../../src/components/admin/products/media-upload';
import { parseProductsFilters, productsApiPath, productsFiltersToSearch, PRODUCTS_PAGE_SIZE } from '../../../../src/lib/admin/products-filters';
import { ADMIN_CATEGORY_FILTER_OPTIONS } from '../../../../src/lib/schemas/admin-catalog';
import { ADMIN_PRODUCT_CATEGORIES } from '../../../../src/lib/admin-constants';
import { PRODUCT_CATEGORIES } from '../../../../src/lib/constants';
import {
  checkProductForm,
  emptyProductForm,
  formToInput,
  mapServerFields,
  mergeLatest,
  nextSlug,
  REQUIRED_FIELD_MESSAGE,
  withSpreadUnit,
  type ProductForm,
} from '../../../../src/components/admin/products/product-form';
import { ADMIN_CATALOG_MESSAGES } from '../../../../src/lib/schemas/admin-catalog';
import { AdminApiError } from '../../../../src/stores/admin-orders';

/** A form that passes every rule. */
function validForm(overrides: Partial<ProductForm> = {}): ProductForm {
  return {
    ...emptyProductForm(),
    name: 'Harbour Grey Floor Enamel',
    sku: 'HGF-500',
    description: 'A hard-wearing enamel for garage and workshop floors.',
    brand: 'Rustoleum',
    category: 'Rustoleum',
    finish: 'Gloss',
    price: '49.99',
    stockQuantity: '12',
    coverage: '350-400 sq ft per gallon',
    usageInstructions: 'Stir well. Two coats, four hours apart.',
    image: '/media/abc.webp',
    ...overrides,
  };
}

describe('products view filters in the URL', () => {
  it('reads defaults from an empty URL and leaves them out when writing', () => {
    const filters = parseProductsFilters({});
    expect(filters).toEqual({ section: 'single', q: '', category: 'All', page: 1 });
    expect(productsFiltersToSearch(filters)).toEqual({});
  });

  it('keeps a search, a known category and a page, and drops unknown values', () => {
    expect(parseProductsFilters({ q: '  enamel ', category: 'Zinsser', page: '3', section: 'brands' })).toEqual({ section: 'brands', q: 'enamel', category: 'Zinsser', page: 3 });
    expect(parseProductsFilters({ category: 'Nope', page: '-2', section: 'x', stock: 'some' })).toEqual({ section: 'single', q: '', category: 'All', page: 1 });
  });

  it('offers every category a product may carry, the spec list first (issue 26: Kretus, GEMINI, Decorative Paints ... were hidden)', () => {
    for (const category of ['Kretus', 'GEMINI', 'Decorative Paints', 'Modern Masters', 'Krud Kutter', 'SafeTex']) {
      expect(parseProductsFilters({ category }).category).toBe(category);
    }
    expect(ADMIN_CATEGORY_FILTER_OPTIONS.slice(0, ADMIN_PRODUCT_CATEGORIES.length + 1)).toEqual(['All', ...ADMIN_PRODUCT_CATEGORIES]);
    expect([...ADMIN_CATEGORY_FILTER_OPTIONS].sort()).toEqual(['All', ...PRODUCT_CATEGORIES].sort());
  });

  it('carries the stock filter the low-stock alert links to', () => {
    const filters = parseProductsFilters({ stock: 'short' });
    expect(filters.stock).toBe('short');
    expect(productsFiltersToSearch(filters)).toEqual({ stock: 'short' });
    expect(productsApiPath(filters)).toContain('stock=short');
  });

  it('asks the API for one page of the grid, sending no category for All', () => {
    expect(productsApiPath({ section: 'single', q: 'grey', category: 'All', page: 2 })).toBe(`/api/admin/products?q=grey&page=2&pageSize=${PRODUCTS_PAGE_SIZE}`);
    expect(productsApiPath({ section: 'single', q: '', category: 'Devoe Coatings', page: 1 })).toContain('category=Devoe+Coatings');
  });
});

describe('gallery and category order moves', () => {
  it('moves an item by one place and clamps at the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, 5)).toEqual(['b', 'c', 'a']);
  });

  it('removes the item at an index', () => {
    expect(removeAt(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
  });
});

describe('the product form before sending', () => {
  it('gives the exact spec alert when a required field or the image is blank, marking those fields', () => {
    const check = checkProductForm(validForm({ sku: '  ', image: '' }));
    expect(check.alert).toBe('Please fill in all required fields (Name, SKU, Description, Brand) and upload an image.');
    expect(check.fields.sku).toBe(REQUIRED_FIELD_MESSAGE);
    expect(check.fields.image).toBe(REQUIRED_FIELD_MESSAGE);
    expect(check.fields.name).toBeUndefined();
  });

  it('passes a complete form and sends numbers, a null original price and no slug when blank', () => {
    const form = validForm();
    expect(checkProductForm(form)).toEqual({ alert: null, fields: {} });
    const input = formToInput(form);
    expect(input).toMatchObject({ price: 49.99, stockQuantity: 12, rating: 0, reviews: 0, originalPrice: null, slug: undefined });
  });

  it('puts the schema messages on their fields: rating above 5, negative reviews, 3 decimals, no category', () => {
    const check = checkProductForm(validForm({ rating: '5.1', reviews: '-1', price: '1.999', category: '' }));
    expect(check.alert).toBeNull();
    expect(check.fields.rating).toBe(ADMIN_CATALOG_MESSAGES.rating);
    expect(check.fields.reviews).toBe(ADMIN_CATALOG_MESSAGES.reviews);
    expect(check.fields.price).toBe(ADMIN_CATALOG_MESSAGES.price);
    expect(check.fields.category).toBe(ADMIN_CATALOG_MESSAGES.categoryRequired);
  });

  it('refuses an original price that is not above the price', () => {
    expect(checkProductForm(validForm({ originalPrice: '49.99' })).fields.originalPrice).toBe(ADMIN_CATALOG_MESSAGES.originalPriceNotAbove);
  });

  it('generates the slug from the name until staff edit it', () => {
    expect(nextSlug(validForm({ name: 'Harbour Grey: Floor Enamel!' }), false)).toBe('harbour-grey-floor-enamel');
    expect(nextSlug(validForm({ name: 'Other', slug: 'kept' }), true)).toBe('kept');
  });

  it('sorts the server’s 422 messages onto fields, and keeps unknown keys for the alert', () => {
    const mapped = mapServerFields({ sku: ADMIN_CATALOG_MESSAGES.skuTaken, 'gallery.1': ADMIN_CATALOG_MESSAGES.gallery, brandLogo: 'Odd' });
    expect(mapped.fields).toEqual({ sku: ADMIN_CATALOG_MESSAGES.skuTaken, gallery: ADMIN_CATALOG_MESSAGES.gallery });
    expect(mapped.other).toEqual(['Odd']);
  });
});

describe('bringing in a version someone else saved (409)', () => {
  it('keeps every field this dialog changed, takes theirs for the rest, and names the fields both changed', () => {
    const base = validForm();
    const mine = validForm({ price: '44.99', features: ['Low odour'] });
    const theirs = validForm({ price: '47.50', stockQuantity: '3' });
    const { form, clashes } = mergeLatest(base, mine, theirs);
    expect(form.price).toBe('44.99');
    expect(form.features).toEqual(['Low odour']);
    expect(form.stockQuantity).toBe('3');
    expect(clashes).toEqual(['price']);
  });

  it('reports no clash when both made the same change', () => {
    const base = validForm();
    expect(mergeLatest(base, validForm({ isNew: true }), validForm({ isNew: true })).clashes).toEqual([]);
  });
});

describe('image uploads', () => {
  it('says the spec line, then the server’s reason when it gave one', () => {
    expect(describeUploadFailure('image', new AdminApiError(413, 'File size too large. Maximum size is 10MB.'))).toBe(`${UPLOAD_FAILED.image} File size too large. Maximum size is 10MB.`);
    expect(describeUploadFailure('gallery', new AdminApiError(0, ''))).toBe('Failed to upload gallery images. Please try again.');
  });

  it('runs at most the limit at once and keeps each outcome in order', async () => {
    let running = 0;
    let peak = 0;
    const results = await runPooled([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setImmediate(resolve));
      running -= 1;
      if (n === 4) throw new Error('four');
      return n * 10;
    });
    expect(peak).toBe(3);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual([10, 20, 30, 'failed', 50, 60, 70]);
  });
});

describe('a chosen file checked before it is sent', () => {
  it('refuses a file over 10 MB and a declared SVG with the spec messages, and leaves the rest to the server', () => {
    expect(precheckImageFile({ size: 10 * 1024 * 1024 + 1, type: 'image/png' })?.message).toBe('File size too large. Maximum size is 10MB.');
    expect(precheckImageFile({ size: 10 * 1024 * 1024, type: 'image/png' })).toBeNull();
    expect(precheckImageFile({ size: 500, type: 'image/svg+xml' })?.message).toBe('Invalid file type. Only JPEG, PNG, WebP, and GIF are allowed.');
    expect(precheckImageFile({ size: 500, type: '' })).toBeNull();
  });
});

describe('the paint fields of the product form (issue 24)', () => {
  it('sends none of them as null when blank, and numbers with their units when typed', () => {
    expect(formToInput(validForm())).toMatchObject({ family: null, packSize: null, spreadRate: null, recommendedCoats: null, primerAdvised: false });
    const input = formToInput(validForm({ family: ' dc-matt ', packValue: '5', packUnit: 'gal', spreadMin: '350', spreadMax: '400', spreadUnit: 'ft2/gal', recommendedCoats: '2', primerAdvised: true }));
    expect(input).toMatchObject({ family: 'dc-matt', packSize: { value: 5, unit: 'gal' }, spreadRate: { min: 350, max: 400, unit: 'ft2/gal' }, recommendedCoats: 2, primerAdvised: true });
  });

  it('converts the typed spread rate when its unit changes, so the rate stays the same', () => {
    const metric = withSpreadUnit(validForm({ spreadMin: '350', spreadMax: '400' }), 'm2/L');
    expect([metric.spreadMin, metric.spreadMax, metric.spreadUnit]).toEqual(['8.59', '9.82', 'm2/L']);
    const back = withSpreadUnit(metric, 'ft2/gal');
    expect([back.spreadMin, back.spreadMax]).toEqual(['350', '400']);
  });

  it('puts the rate and pack size messages on their own inputs, from the browser’s check and the server’s 422', () => {
    const check = checkProductForm(validForm({ spreadMin: '400', spreadMax: '350', packValue: '0', family: 'Not a slug' }));
    expect(check.fields.spreadMin).toBe("The spread rate's minimum (400) must not be more than its maximum (350).");
    expect(check.fields.packValue).toBe('A pack size must be more than 0.');
    expect(check.fields.family).toBe(ADMIN_CATALOG_MESSAGES.family);
    const mapped = mapServerFields({ 'spreadRate.max': 'A spread rate of 2000 ft2/gal is not plausible.', 'packSize.unit': 'Bad unit.' });
    expect(mapped.fields).toEqual({ spreadMax: 'A spread rate of 2000 ft2/gal is not plausible.', packUnit: 'Bad unit.' });
  });
});
