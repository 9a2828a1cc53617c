import { describe, expect, it } from 'vitest';
import { describeContentSync } from '../../../../src/components/admin/overview/stats-format';
import { fieldLabel, formatConflictValue } from '../../../../src/components/admin/products/content-conflict-format';

describe('a content conflict as people read it', () => {
  it('names fields in words, object keys after their object, and the removal as On sale', () => {
    expect(fieldLabel('price')).toBe('Price');
    expect(fieldLabel('technicalSpecs')).toBe('Technical specs');
    expect(fieldLabel('visual.colorName')).toBe('Visual › color name');
    expect(fieldLabel('withdrawn')).toBe('On sale');
  });

  it('writes prices as money, lists a line each, specs with their units, and absent values in words', () => {
    expect(formatConflictValue('price', 52.9, 'content')).toBe('$52.90');
    expect(formatConflictValue('features', ['Washable', 'Low odour'], 'live')).toBe('Washable\nLow odour');
    expect(formatConflictValue('technicalSpecs', [{ name: 'Recoat', value: '4', unit: 'h' }, { name: 'VOC', value: 'Low' }], 'live')).toBe('Recoat: 4 h\nVOC: Low');
    expect(formatConflictValue('originalPrice', null, 'live')).toBe('(none)');
    expect(formatConflictValue('name', null, 'base')).toBe('(not recorded)');
    expect(formatConflictValue('features', [], 'content')).toBe('(empty)');
  });

  it('tells a removal from content apart from a live product', () => {
    expect(formatConflictValue('withdrawn', true, 'content')).toBe('Removed from content');
    expect(formatConflictValue('withdrawn', false, 'live')).toBe('On sale');
    expect(formatConflictValue('withdrawn', true, 'live')).toBe('Withdrawn');
  });
});

describe('describeContentSync', () => {
  const none = { at: '2026-11-29T01:00:00.000Z', products: { created: 0, updated: 0, withdrawn: 0, restored: 0 }, categories: { created: 0, updated: 0, removed: 0 }, conflicts: { new: 0, open: 0 }, skipped: 0 };

  it('says what a sync changed, and when nothing', () => {
    expect(describeContentSync(none)).toBe('no changes from content/');
    expect(describeContentSync({ ...none, products: { ...none.products, updated: 2, created: 1 }, categories: { ...none.categories, updated: 1 }, conflicts: { new: 1, open: 3 } })).toBe(
      '1 product created, 2 products updated, 1 brand updated, 1 new conflict found',
    );
  });
});
