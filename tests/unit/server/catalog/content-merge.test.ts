import { describe, expect, it } from 'vitest';
import {
  CATEGORY_MERGE_FIELDS,
  PRODUCT_MERGE_FIELDS,
  WITHDRAWN_FIELD,
  getField,
  mergeFields,
  mergeItem,
  setField,
  type Item,
} from '../../../../src/server/catalog/content-merge';

const FIELDS = ['name', 'price', 'description', 'features', 'technicalSpecs', 'visual'];

/** A product-like item; `over` replaces fields. */
function item(over: Item = {}): Item {
  return {
    id: 'p1',
    name: 'Diamond Matt',
    price: 49.5,
    description: 'A washable matt finish.',
    features: ['Washable', 'Low odour'],
    technicalSpecs: [
      { name: 'Dry to touch', value: '30', unit: 'min' },
      { name: 'Recoat', value: '4', unit: 'h' },
    ],
    visual: { kind: 'can', color: '#ffffff', colorName: 'Brilliant White' },
    ...over,
  };
}

describe('mergeFields', () => {
  it('applies a field changed in content only', () => {
    const r = mergeFields(FIELDS, item(), item({ price: 52 }), item());
    expect(r).toEqual({ changes: { price: 52 }, conflicts: [] });
  });

  it('keeps a field changed by staff only', () => {
    expect(mergeFields(FIELDS, item(), item(), item({ price: 45 }))).toEqual({ changes: {}, conflicts: [] });
  });

  it('applies the editor\u2019s field and keeps the staff\u2019s other field of one product', () => {
    const r = mergeFields(FIELDS, item(), item({ description: 'Now scrubbable too.' }), item({ price: 45 }));
    expect(r).toEqual({ changes: { description: 'Now scrubbable too.' }, conflicts: [] });
  });

  it('makes a conflict of a field both changed differently, applying nothing for it', () => {
    const r = mergeFields(FIELDS, item(), item({ price: 52 }), item({ price: 45 }));
    expect(r).toEqual({ changes: {}, conflicts: [{ field: 'price', base: 49.5, content: 52, live: 45 }] });
  });

  it('changes nothing when both made the same change', () => {
    expect(mergeFields(FIELDS, item(), item({ price: 52 }), item({ price: 52 }))).toEqual({ changes: {}, conflicts: [] });
  });

  it('compares lists as whole values: an editor\u2019s new entry is applied whole', () => {
    const features = ['Washable', 'Low odour', 'Stain resistant'];
    expect(mergeFields(FIELDS, item(), item({ features }), item()).changes).toEqual({ features });
  });

  it('makes a conflict of a technical spec list both changed, even in different rows', () => {
    const base = item();
    const specs = base.technicalSpecs as Item[];
    const content = item({ technicalSpecs: [{ ...specs[0], value: '20' }, specs[1]] });
    const live = item({ technicalSpecs: [specs[0], { ...specs[1], value: '2' }] });
    const r = mergeFields(FIELDS, base, content, live);
    expect(r.changes).toEqual({});
    expect(r.conflicts).toEqual([{ field: 'technicalSpecs', base: specs, content: content.technicalSpecs, live: live.technicalSpecs }]);
  });

  it('does not count a list reordered back as a change', () => {
    expect(mergeFields(FIELDS, item(), item(), item({ features: ['Washable', 'Low odour'] }))).toEqual({ changes: {}, conflicts: [] });
  });

  it('merges an object field per key: the editor\u2019s colour and the staff\u2019s colour name both stay', () => {
    const content = item({ visual: { kind: 'can', color: '#000000', colorName: 'Brilliant White' } });
    const live = item({ visual: { kind: 'can', color: '#ffffff', colorName: 'Pure White' } });
    const r = mergeFields(FIELDS, item(), content, live);
    expect(r).toEqual({ changes: { visual: { kind: 'can', color: '#000000', colorName: 'Pure White' } }, conflicts: [] });
  });

  it('names the key of an object field both changed differently', () => {
    const r = mergeFields(FIELDS, item(), item({ visual: { kind: 'can', color: '#000000' } }), item({ visual: { kind: 'can', color: '#111111', colorName: 'Brilliant White' } }));
    expect(r.conflicts).toEqual([{ field: 'visual.color', base: '#ffffff', content: '#000000', live: '#111111' }]);
    // The editor removed the colour name staff left alone: that part is applied.
    expect(r.changes).toEqual({ visual: { kind: 'can', color: '#111111' } });
  });

  it('adds and removes optional fields: an absent key is a value like any other', () => {
    expect(mergeFields(['originalPrice'], item(), item({ originalPrice: 60 }), item()).changes).toEqual({ originalPrice: 60 });
    expect(mergeFields(['originalPrice'], item({ originalPrice: 60 }), item(), item({ originalPrice: 60 })).changes).toEqual({ originalPrice: undefined });
    expect(mergeFields(FIELDS, item(), item({ visual: undefined }), item()).changes).toEqual({ visual: undefined });
  });

  it('without a base, takes the content when staff never changed the item', () => {
    const r = mergeFields(FIELDS, undefined, item({ price: 52, name: 'Diamond Matt Pro' }), item(), false);
    expect(r).toEqual({ changes: { price: 52, name: 'Diamond Matt Pro' }, conflicts: [] });
  });

  it('without a base, makes each differing field a conflict when staff changed the item', () => {
    const r = mergeFields(FIELDS, undefined, item({ price: 52, name: 'Diamond Matt Pro' }), item({ price: 45 }), true);
    expect(r.changes).toEqual({});
    expect(r.conflicts).toEqual([
      { field: 'name', base: undefined, content: 'Diamond Matt Pro', live: 'Diamond Matt' },
      { field: 'price', base: undefined, content: 52, live: 45 },
    ]);
  });
});

describe('mergeItem', () => {
  const sides = { base: item(), content: item(), live: item(), liveWithdrawn: false, staffChanged: false };

  it('creates an item new in content', () => {
    expect(mergeItem(FIELDS, { ...sides, base: undefined, live: undefined })).toEqual({ kind: 'create', value: item(), base: item() });
  });

  it('withdraws an item removed from content that staff left alone', () => {
    expect(mergeItem(FIELDS, { ...sides, content: undefined })).toEqual({ kind: 'withdraw', base: null });
  });

  it('makes a conflict of an item removed from content that staff changed since', () => {
    const r = mergeItem(FIELDS, { ...sides, content: undefined, live: item({ price: 45 }) });
    expect(r).toEqual({ kind: 'keep', conflicts: [{ field: WITHDRAWN_FIELD, base: false, content: true, live: false }], base: null });
  });

  it('never touches an item staff created (no base, not in content)', () => {
    expect(mergeItem(FIELDS, { ...sides, base: undefined, content: undefined, staffChanged: true })).toEqual({ kind: 'keep', conflicts: [], base: undefined });
  });

  it('leaves deleted an item staff deleted, whatever content says', () => {
    expect(mergeItem(FIELDS, { ...sides, content: item({ price: 52 }), liveWithdrawn: true })).toEqual({ kind: 'keep', conflicts: [], base: item({ price: 52 }) });
  });

  it('leaves gone an item staff deleted outright (a brand), whatever content says', () => {
    expect(mergeItem(FIELDS, { ...sides, live: undefined })).toEqual({ kind: 'keep', conflicts: [], base: item() });
    expect(mergeItem(FIELDS, { ...sides, base: undefined, live: undefined, staffChanged: true })).toEqual({ kind: 'keep', conflicts: [], base: item() });
  });

  it('creates again an item content removed earlier and holds again', () => {
    expect(mergeItem(FIELDS, { ...sides, base: null, live: undefined })).toMatchObject({ kind: 'create' });
  });

  it('restores an item content removed earlier and holds again', () => {
    expect(mergeItem(FIELDS, { ...sides, base: null, liveWithdrawn: true })).toEqual({ kind: 'restore', value: item(), base: item() });
  });

  it('updates an item present on both sides and records the content as the new base', () => {
    const r = mergeItem(FIELDS, { ...sides, content: item({ price: 52 }), live: item({ name: 'Staff name' }) });
    expect(r).toEqual({ kind: 'update', changes: { price: 52 }, conflicts: [], base: item({ price: 52 }) });
  });

  it('keeps an item with only conflicts and still records the content as the base', () => {
    const r = mergeItem(FIELDS, { ...sides, content: item({ price: 52 }), live: item({ price: 45 }) });
    expect(r).toMatchObject({ kind: 'keep', base: item({ price: 52 }), conflicts: [{ field: 'price' }] });
  });
});

describe('fields other branches add later', () => {
  const LATER = ['hazard', 'packSizes', 'family'];
  const base = item({ hazard: { signalWord: 'Warning', pictograms: ['GHS07'] }, packSizes: ['1 gal', '5 gal'], family: 'diamond-ultra' });

  it('merge hazard data per key like any object, and pack sizes whole like any list', () => {
    const content = { ...base, hazard: { signalWord: 'Danger', pictograms: ['GHS07'] }, packSizes: ['1 qt', '1 gal', '5 gal'] };
    const live = { ...base, hazard: { signalWord: 'Warning', pictograms: ['GHS07', 'GHS09'] } };
    expect(mergeFields(LATER, base, content, live)).toEqual({
      changes: { hazard: { signalWord: 'Danger', pictograms: ['GHS07', 'GHS09'] }, packSizes: ['1 qt', '1 gal', '5 gal'] },
      conflicts: [],
    });
  });

  it('make a conflict of a family both moved the product to', () => {
    const r = mergeFields(LATER, base, { ...base, family: 'diamond-pro' }, { ...base, family: 'diamond-trade' });
    expect(r.conflicts).toEqual([{ field: 'family', base: 'diamond-ultra', content: 'diamond-pro', live: 'diamond-trade' }]);
  });
});

describe('the merged fields', () => {
  it('leave stock to the database and merge every other product field', () => {
    expect(PRODUCT_MERGE_FIELDS).not.toContain('stockQuantity');
    expect(PRODUCT_MERGE_FIELDS).not.toContain('inStock');
    expect(PRODUCT_MERGE_FIELDS).not.toContain('id');
    expect(PRODUCT_MERGE_FIELDS).toEqual(expect.arrayContaining(['name', 'price', 'description', 'technicalSpecs', 'visual', 'slug', 'sku']));
  });

  it('merge a category\u2019s fields but not its key and stamps', () => {
    expect(CATEGORY_MERGE_FIELDS).toEqual(expect.arrayContaining(['name', 'description', 'order']));
    expect(CATEGORY_MERGE_FIELDS).not.toContain('updatedAt');
  });
});

describe('setField and getField', () => {
  it('read and write a top-level field and an object\u2019s key without changing the item', () => {
    const before = item();
    const after = setField(setField(before, 'price', 10), 'visual.color', '#123456');
    expect(getField(after, 'price')).toBe(10);
    expect(getField(after, 'visual.color')).toBe('#123456');
    expect(before.price).toBe(49.5);
    expect(setField(item({ originalPrice: 60 }), 'originalPrice', undefined)).not.toHaveProperty('originalPrice');
  });
});
