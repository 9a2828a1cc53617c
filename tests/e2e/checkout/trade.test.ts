// A trade customer as people meet one (issue 27): staff make a customer trade with a fixed price
// and a 10+ tier on a product and 30-day terms; the customer signs in, sees 'Your price' and the
// tier on the product page, the cart drawer and the checkout charge their price (the tier once the
// quantity reaches it), and they place the order with 'Pay on account'. Then staff see the balance
// in the customer's panel. Screenshots go to TRADE_SHOTS_DIR when it is set.
import { describe, expect, it } from 'vitest';
import { formatMoney, toCents } from '../../../src/lib/money';
import type { Order } from '../../../src/lib/schemas/order';
import { CUSTOMER_PASSWORD, freshEmail, JOURNEY_TIMEOUT_MS, SUPER_ADMIN, signInStaff, useAdminServer, useBrowserPages } from '../admin/admin-helpers';
import { CART_STORAGE_KEY } from '../../../src/lib/constants';
import { categorySlug } from '../../../src/lib/catalog/category-slug';
import { selectCategoryProducts } from '../../../src/lib/catalog/featured';
import { PRODUCT_LIST_PAGE_SIZE } from '../../../src/lib/constants';
import { shooterFor } from '../../helpers/screenshots';
import { cartButton, cartDrawer, readCatalogue } from '../shop/shop-helpers';
import { BUYABLE, continueButton, EXPECTED_STATUS_ERRORS, fillShipping, orderNumberOf, waitForCheckout } from './checkout-helpers';

const server = useAdminServer();
const pages = useBrowserPages();

/** Saves a screenshot when TRADE_SHOTS_DIR is set. */
const shoot = shooterFor('TRADE_SHOTS_DIR');

/** Registers a customer over HTTP; returns their id. */
async function registerByApi(email: string): Promise<string> {
  const response = await fetch(server.at('/api/auth/register'), {
    method: 'POST',
    headers: { origin: server.at(''), 'content-type': 'application/json' },
    body: JSON.stringify({ fullName: 'Tomas Trade', email, phone: '+447700900456', dateOfBirth: '1985-02-11', password: CUSTOMER_PASSWORD, confirmPassword: CUSTOMER_PASSWORD, acceptTerms: true }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { user: { id: string } }).user.id;
}

/** Staff set a trade account over HTTP, as the editor does. */
async function setTradeByApi(customerId: string, body: unknown): Promise<void> {
  const origin = server.at('');
  const login = await fetch(server.at('/api/admin/auth/login'), { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify({ email: SUPER_ADMIN.email, password: SUPER_ADMIN.password }) });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';', 1)[0]).join('; ');
  const response = await fetch(server.at(`/api/admin/users/${customerId}/trade`), { method: 'PUT', headers: { origin, cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status, await response.clone().text()).toBe(200);
}

describe('a trade customer', () => {
  it('sees their price and tier on the product page and in the cart, and pays on account', { timeout: JOURNEY_TIMEOUT_MS * 2 }, async () => {
    const product = BUYABLE.find((p) => p.price >= 20 && (p.stockQuantity === undefined || p.stockQuantity >= 20))!;
    const list = toCents(product.price);
    const own = Math.round(list * 0.8);
    const tier = Math.round(list * 0.6);
    const email = freshEmail('tomas');
    const id = await registerByApi(email);
    await setTradeByApi(id, {
      company: 'Tomas Decorators Ltd',
      vatNumber: 'GB 555 1234 00',
      discountPercent: 5,
      prices: [{ productId: product.id, unitCents: own }],
      tiers: [{ productId: product.id, minQuantity: 10, unitCents: tier }],
      termsDays: 30,
      creditLimitCents: 10_000_00,
    });

    /** Signs the customer in at this width and opens the product page; returns the page once their price shows. */
    const openProduct = async (width: number) => {
      const page = await pages.open({ width, reducedMotion: 'reduce', allowErrors: EXPECTED_STATUS_ERRORS });
      await page.goto(server.at('/login'), { waitUntil: 'domcontentloaded' });
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(CUSTOMER_PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(/\/shop\/?$/, { waitUntil: 'commit' });
      // The product page: the list price for everyone, then the customer's own price and tier.
      await page.goto(server.at(`/shop/${product.slug}`), { waitUntil: 'domcontentloaded' });
      const ownPrice = page.getByLabel('Your trade price');
      await ownPrice.getByText(formatMoney(own), { exact: true }).waitFor();
      await ownPrice.getByText(`Buy 10+ for ${formatMoney(tier)} each`).waitFor();
      await ownPrice.scrollIntoViewIfNeeded();
      await shoot(page, `product-trade-${width}`);
      return page;
    };
    await openProduct(375);
    const shopper = await openProduct(1440);

    // Into the cart: one unit at their price, then ten at the tier.
    await shopper.getByRole('button', { name: /Add to Cart/ }).first().click();
    await expect.poll(() => shopper.evaluate((key) => localStorage.getItem(key), CART_STORAGE_KEY)).toContain(product.id);
    await cartButton(shopper).click();
    const drawer = cartDrawer(shopper);
    await drawer.getByText(formatMoney(own)).first().waitFor();
    for (let i = 1; i < 10; i += 1) await drawer.getByRole('button', { name: /Increase quantity/ }).click();
    await drawer.getByText(formatMoney(tier * 10)).first().waitFor();
    await shoot(shopper, 'cart-trade-1440');

    await shopper.goto(server.at('/checkout'), { waitUntil: 'domcontentloaded' });
    await waitForCheckout(shopper);
    await expect.poll(() => shopper.getByLabel('Email address').inputValue(), { timeout: 10_000 }).toBe(email);
    await continueButton(shopper).click();
    await fillShipping(shopper);
    await continueButton(shopper).click();
    await shopper.getByRole('radio', { name: /Pay on account/ }).check();
    await shoot(shopper, 'checkout-account-1440');
    await shopper.getByRole('button', { name: 'Complete Order' }).click();
    await shopper.waitForURL(/\/checkout\/success\?order=ORD-\d{8}$/, { waitUntil: 'commit' });
    const orderNumber = orderNumberOf(shopper);
    const order = (await shopper.evaluate(async (n) => (await fetch(`/api/orders/${n}`)).json(), orderNumber)) as Order;
    expect(order.items.map((i) => [i.product.id, i.quantity, toCents(i.price)])).toEqual([[product.id, 10, tier]]);
    expect(order.notes).toContain('On account');
    expect(order.payment.outstandingCents).toBe(toCents(order.total));

    // Staff see the balance and the credit used in the customer's panel.
    const staff = await pages.open({ width: 1440, reducedMotion: 'reduce' });
    await signInStaff(staff, server, SUPER_ADMIN);
    await staff.goto(server.at(`/admin/dashboard/users/${id}`), { waitUntil: 'domcontentloaded' });
    const trade = staff.getByRole('region', { name: /Trade account/ });
    await trade.getByText(formatMoney(toCents(order.total))).first().waitFor();
    await trade.getByRole('button', { name: 'Edit trade terms' }).click();
    await staff.getByLabel('Company').waitFor();
    await shoot(staff, 'trade-editor-1440');
    await staff.setViewportSize({ width: 375, height: 812 });
    await staff.getByLabel('Company').scrollIntoViewIfNeeded();
    await shoot(staff, 'trade-editor-375');
  });

  it('sees their own price on the category page cards, under the list price the page keeps', { timeout: JOURNEY_TIMEOUT_MS }, async () => {
    const category = 'Decorative Paints';
    const shown = selectCategoryProducts(readCatalogue(), category).slice(0, PRODUCT_LIST_PAGE_SIZE);
    const [product, other] = shown.filter((p) => !p.requestQuoteOnly && p.price >= 10);
    const own = Math.round(toCents(product!.price) * 0.7);
    const email = freshEmail('carla');
    await setTradeByApi(await registerByApi(email), { company: 'Carla Coatings', vatNumber: 'GB 555 9876 00', discountPercent: 0, prices: [{ productId: product!.id, unitCents: own }], tiers: [] });

    for (const width of [375, 1440]) {
      const page = await pages.open({ width, reducedMotion: 'reduce', allowErrors: EXPECTED_STATUS_ERRORS });
      await page.goto(server.at('/login'), { waitUntil: 'domcontentloaded' });
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(CUSTOMER_PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(/\/shop\/?$/, { waitUntil: 'commit' });
      await page.goto(server.at(`/products/${categorySlug(category)}`), { waitUntil: 'domcontentloaded' });
      const all = page.getByRole('list', { name: /^All / });
      const cardOf = (name: string) => all.getByRole('article').filter({ has: page.getByRole('link', { name, exact: true }) });
      const card = cardOf(product!.name);
      await card.getByText('Your price', { exact: true }).waitFor();
      await card.getByText(formatMoney(own), { exact: true }).waitFor();
      // The list price stays beside it, and a product without their own price shows only its list price.
      await card.getByText(formatMoney(toCents(product!.price)), { exact: true }).waitFor();
      expect(await cardOf(other!.name).getByText('Your price').count()).toBe(0);
      await shoot(page, `category-card-trade-${width}`);
    }
  });
});
