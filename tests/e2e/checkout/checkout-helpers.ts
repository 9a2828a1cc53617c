// Shared steps of the checkout journeys: the products a shopper can buy, putting them in the cart
// from the shop, and the three steps of the form, found by label and role as a person finds them.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { canAddToCart } from '../../../src/lib/cart';
import { CART_STORAGE_KEY } from '../../../src/lib/constants';
import { productList, readCatalogue, searchBox, waitForShop } from '../shop/shop-helpers';

/** Products a guest can put in the cart, in catalogue order. */
export const BUYABLE = readCatalogue().filter(canAddToCart);

/** The details a guest types on steps 1 and 2. */
export const GUEST = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '07700 900123',
  address: '12 Paint Works Lane',
  city: 'Bristol',
  postalCode: 'bs1 4dj',
} as const;

/** A fresh e-mail address for one run. */
export function uniqueEmail(tag: string): string {
  return `${tag}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Console errors the checkout journeys expect: the signed-out session check and a refused order look-up. */
export const EXPECTED_STATUS_ERRORS = [/status of 401 \(Unauthorized\) @ .*\/api\/auth\/me/, /status of 404 \(Not Found\) @ .*\/api\/orders\/ORD-/];

/** A script for addInitScript that puts lines in the cart once (not again after a reload). */
export function seedCartScript(lines: { product: (typeof BUYABLE)[number]; quantity: number }[]): string {
  const cart = lines.map(({ product: p, quantity }) => ({ product: { id: p.id, name: p.name, price: p.price, image: p.image, category: p.category }, quantity }));
  return `if (!sessionStorage.getItem('cart-seeded')) { localStorage.setItem(${JSON.stringify(CART_STORAGE_KEY)}, ${JSON.stringify(JSON.stringify(cart))}); sessionStorage.setItem('cart-seeded', '1'); }`;
}

/** On /shop: finds a product by its SKU and adds it with the card's Add to Cart button. */
export async function addFromShop(page: Page, product: (typeof BUYABLE)[number]): Promise<void> {
  await waitForShop(page);
  await searchBox(page).fill(product.sku);
  await page.getByText(new RegExp(`^1 result for ${product.sku}$`)).waitFor();
  await productList(page).getByRole('button', { name: /Add to Cart/ }).click();
}

/** Waits for the checkout island to have read the cart. */
export async function waitForCheckout(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 2, name: /Step \d of 3|Your cart is empty/ }).waitFor();
}

/** Clicks the step's primary button. */
export function continueButton(page: Page) {
  return page.getByRole('button', { name: 'Continue' });
}

/** Fills step 1 with the guest's details and an e-mail. */
export async function fillInformation(page: Page, email: string): Promise<void> {
  await page.getByLabel('First name').fill(GUEST.firstName);
  await page.getByLabel('Last name').fill(GUEST.lastName);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Phone number').fill(GUEST.phone);
}

/** Fills step 2. */
export async function fillShipping(page: Page): Promise<void> {
  await page.getByLabel('Street address').fill(GUEST.address);
  await page.getByLabel('City').fill(GUEST.city);
  await page.getByLabel('Postal code').fill(GUEST.postalCode);
}

/** Step 3: pay by bank transfer (the method offered when no card provider is configured). */
export async function fillPayment(page: Page): Promise<void> {
  const transfer = page.getByRole('radio', { name: /Pay by bank transfer/ });
  await transfer.check();
  expect(await transfer.isChecked()).toBe(true);
}

/** Everything in localStorage and sessionStorage, as one text. */
export function dumpStorage(page: Page): Promise<string> {
  return page.evaluate(() => {
    const all: Record<string, string | null> = {};
    for (const store of [localStorage, sessionStorage]) for (let i = 0; i < store.length; i += 1) all[store.key(i)!] = store.getItem(store.key(i)!);
    return JSON.stringify(all);
  });
}

/** The order number in the success page's URL. */
export function orderNumberOf(page: Page): string {
  const number = new URL(page.url()).searchParams.get('order');
  if (!number) throw new Error(`No order number in ${page.url()}`);
  return number;
}

