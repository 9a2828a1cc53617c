import { ADMIN_BRANDS, ADMIN_CATEGORY_FILTER_OPTIONS, ADMIN_CATEGORY_FILTER_ALL } from '../../../lib/schemas/admin-catalog';
import type { BulkActionDef } from '../BulkBar';

/** A choice list from plain names. */
const optionsOf = (names: readonly string[]) => names.map((name) => ({ value: name, label: name }));

/** The flag changes the bulk 'Set flags' offers, each as `<flag>:<on|off>`. */
const FLAG_OPTIONS = [
  ['isNew', 'New'],
  ['isPopular', 'Popular'],
  ['isEcoFriendly', 'Eco-friendly'],
  ['requestQuoteOnly', 'Quote only'],
].flatMap(([flag, label]) => [
  { value: `${flag}:on`, label: `Mark ${label}` },
  { value: `${flag}:off`, label: `Unmark ${label}` },
]);

/** A number typed in the confirmation, or NaN when it is not one. */
const numberOf = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

/** The bulk actions of the products list, each the same change the edit dialog saves one by one. */
export const PRODUCT_BULK_ACTIONS: readonly BulkActionDef[] = [
  {
    id: 'price-percent',
    label: 'Change price by %',
    title: (count) => `Change the price of ${count} by a percentage?`,
    description: () => 'Each price moves by this percentage, rounded to the cent (−10 is 10 % off). A product whose new price would not be above its original price, or that was changed since you selected it, is left as it is.',
    tone: 'primary',
    field: { label: 'Percentage', required: true, input: { type: 'number', step: 'any', hint: 'For example 10 or −10.' } },
    check: (value) => (Number.isFinite(numberOf(value)) && numberOf(value) > -100 ? null : 'Enter a percentage above −100.'),
    fields: (value) => ({ action: 'price', price: { by: 'percent', value: numberOf(value) } }),
  },
  {
    id: 'price-amount',
    label: 'Change price by amount',
    title: (count) => `Change the price of ${count} by an amount?`,
    description: () => 'Each price moves by this many dollars (−5 is $5 less). A product whose new price would not be above its original price, or that was changed since you selected it, is left as it is.',
    tone: 'primary',
    field: { label: 'Amount in dollars', required: true, input: { type: 'number', step: '0.01', hint: 'For example 5 or −2.50.' } },
    check: (value) => (Number.isFinite(numberOf(value)) && numberOf(value) !== 0 ? null : 'Enter an amount other than 0.'),
    fields: (value) => ({ action: 'price', price: { by: 'amount', value: numberOf(value) } }),
  },
  {
    id: 'category',
    label: 'Set category',
    title: (count) => `Move ${count} to another category?`,
    description: () => 'Each product is saved in the chosen category.',
    tone: 'primary',
    field: { label: 'Category', options: optionsOf(ADMIN_CATEGORY_FILTER_OPTIONS.filter((c) => c !== ADMIN_CATEGORY_FILTER_ALL)) },
    fields: (category) => ({ action: 'category', category }),
  },
  {
    id: 'brand',
    label: 'Set brand',
    title: (count) => `Set the brand of ${count}?`,
    description: () => 'Each product is saved with the chosen brand.',
    tone: 'primary',
    field: { label: 'Brand', options: optionsOf(ADMIN_BRANDS) },
    fields: (brand) => ({ action: 'brand', brand }),
  },
  {
    id: 'stock',
    label: 'Set stock',
    title: (count) => `Set the stock of ${count}?`,
    description: () => 'Each product gets this many units on hand; 0 marks it out of stock.',
    tone: 'primary',
    field: { label: 'Units on hand', required: true, input: { type: 'number', step: '1', min: 0 } },
    check: (value) => (Number.isInteger(numberOf(value)) && numberOf(value) >= 0 ? null : 'Stock must be a whole number from 0.'),
    fields: (value) => ({ action: 'stock', stockQuantity: numberOf(value) }),
  },
  {
    id: 'flags',
    label: 'Set flags',
    title: (count) => `Change a flag of ${count}?`,
    description: () => 'Each product gets the chosen flag set or cleared; its other flags stay as they are.',
    tone: 'primary',
    field: { label: 'Flag', options: FLAG_OPTIONS },
    fields: (value) => {
      const [flag, state] = value.split(':');
      return { action: 'flags', flags: { [flag!]: state === 'on' } };
    },
  },
  {
    id: 'withdraw',
    label: 'Delete',
    title: (count) => `Delete ${count}?`,
    description: () => 'Each product leaves the shop at once, as Delete does one by one. Orders that contain them keep them.',
    tone: 'danger',
    fields: () => ({ action: 'delete' }),
  },
];
