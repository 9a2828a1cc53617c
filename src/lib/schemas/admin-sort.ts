import { z } from 'zod';

/** The directions a list sorts in. */
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** A list's sort: one column and its direction (the id breaks ties, so paging is stable). */
export interface ListSort<F extends string = string> {
  field: F;
  direction: SortDirection;
}

/** The columns the back-office orders list sorts by. */
export const ORDER_SORT_FIELDS = ['createdAt', 'orderNumber', 'customer', 'email', 'total', 'status', 'paymentStatus', 'updatedAt'] as const;
export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number];
/** The columns the back-office products list sorts by. */
export const PRODUCT_SORT_FIELDS = ['name', 'sku', 'category', 'brand', 'price', 'stock', 'rating', 'updatedAt', 'createdAt'] as const;
export type ProductSortField = (typeof PRODUCT_SORT_FIELDS)[number];
/** The columns the back-office users list sorts by. */
export const USER_SORT_FIELDS = ['createdAt', 'name', 'email', 'status', 'lastLogin'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

/** Reads `<field>:asc|desc`; undefined when absent or not one of `fields`. */
export function parseSort<F extends string>(fields: readonly F[], value: unknown): ListSort<F> | undefined {
  if (typeof value !== 'string') return undefined;
  const [field, direction] = value.split(':');
  if (!(fields as readonly string[]).includes(field ?? '') || !(SORT_DIRECTIONS as readonly string[]).includes(direction ?? '')) return undefined;
  return { field: field as F, direction: direction as SortDirection };
}

/** The `sort` query parameter of a list: `<field>:asc|desc`; anything else means the list's own order. */
export function sortParamSchema<F extends string>(fields: readonly [F, ...F[]]) {
  return z
    .string()
    .max(40)
    .optional()
    .transform((value) => parseSort(fields, value))
    .catch(undefined)
    .describe(`\`<field>:asc|desc\` with field one of ${fields.join(', ')}; the id breaks ties.`);
}

/** Writes a sort back as its query value. */
export function formatSort(sort: ListSort): string {
  return `${sort.field}:${sort.direction}`;
}
