import { describe, expect, it } from 'vitest';
import { planCategoryOrder } from '../../../../src/server/catalog/admin-categories.service';

const list = [
  { id: 'a', order: 1 },
  { id: 'b', order: 2 },
  { id: 'c', order: 3 },
  { id: 'd', order: 4 },
];

describe('planCategoryOrder', () => {
  it('moves a category to a position and renumbers only the ones whose order changes', () => {
    expect(planCategoryOrder(list, 'd', 2)).toEqual([
      { id: 'd', order: 2 },
      { id: 'b', order: 3 },
      { id: 'c', order: 4 },
    ]);
    expect(planCategoryOrder(list, 'a', 3)).toEqual([
      { id: 'b', order: 1 },
      { id: 'c', order: 2 },
      { id: 'a', order: 3 },
    ]);
  });

  it('clamps a position past either end', () => {
    expect(planCategoryOrder(list, 'b', 99)).toEqual([
      { id: 'c', order: 2 },
      { id: 'd', order: 3 },
      { id: 'b', order: 4 },
    ]);
    expect(planCategoryOrder(list, 'c', -5)[0]).toEqual({ id: 'c', order: 1 });
  });

  it('closes gaps when only renumbering (after a delete) and changes nothing in a numbered list', () => {
    expect(planCategoryOrder([{ id: 'a', order: 1 }, { id: 'c', order: 3 }, { id: 'd', order: 7 }])).toEqual([
      { id: 'c', order: 2 },
      { id: 'd', order: 3 },
    ]);
    expect(planCategoryOrder(list)).toEqual([]);
    expect(planCategoryOrder(list, 'b', 2)).toEqual([]);
  });
});
