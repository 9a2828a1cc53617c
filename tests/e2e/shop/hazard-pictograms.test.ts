// Hazard pictograms before purchase (issue 25 item 1, CLP Article 48): a hazardous product's card
// on its category page shows its GHS pictograms named by their official names, and so do its line
// in the cart drawer and its line in the checkout's order summary.
import { describe, expect, it } from 'vitest';
import { canAddToCart } from '../../../src/lib/cart';
import { categorySlug } from '../../../src/lib/catalog/category-slug';
import { selectCategoryProducts } from '../../../src/lib/catalog/featured';
import { PRODUCT_LIST_PAGE_SIZE } from '../../../src/lib/constants';
import { GHS_PICTOGRAM_NAMES } from '../../../src/lib/paint/ghs-pictograms';
import { urlOf } from '../../helpers/base-url';
import { usePagePerTest } from '../../helpers/page-per-test';
import { shooterFor } from '../../helpers/screenshots';
import { cartDrawer, readCatalogue } from './shop-helpers';

const catalogue = readCatalogue();
const categories = [...new Set(catalogue.map((p) => p.category))];
/** A hazardous product that can be added, on the first page of its category, and a harmless one beside it. */
const { category, hazardous, harmless } = (() => {
  for (const category of categories) {
    const page = selectCategoryProducts(catalogue, category).slice(0, PRODUCT_LIST_PAGE_SIZE);
    const hazardous = page.find((p) => canAddToCart(p) && (p.hazard?.pictograms.length ?? 0) > 1);
    const harmless = page.find((p) => !p.hazard?.pictograms.length && !p.family);
    if (hazardous && harmless) return { category, hazardous, harmless };
  }
  throw new Error('the catalogue has no category with a hazardous product and a harmless one on its first page');
})();
const names = hazardous.hazard!.pictograms.map((code) => GHS_PICTOGRAM_NAMES[code]);

/** Saves a screenshot when HAZARD_SHOTS_DIR is set. */
const shoot = shooterFor('HAZARD_SHOTS_DIR');
const pages = usePagePerTest();

describe.each([375, 1440])('hazard pictograms at %i px', (width) => {
  it('shows them on the card, on the cart line and in the checkout summary, and none for a harmless product', async () => {
    const page = await pages.open({ width });
    await page.goto(urlOf(`/products/${categorySlug(category)}`), { waitUntil: 'load' });
    const all = page.getByRole('list', { name: /^All / });
    await all.locator('xpath=ancestor::astro-island[not(@ssr)]').waitFor({ state: 'attached' });
    const cardOf = (name: string) => all.getByRole('article').filter({ has: page.getByRole('link', { name, exact: true }) });

    const card = cardOf(hazardous.name);
    const cardPictograms = card.getByRole('group', { name: 'Hazard pictograms' }).getByRole('img');
    expect(await cardPictograms.evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt')))).toEqual(names);
    expect(await cardOf(harmless.name).getByRole('group', { name: 'Hazard pictograms' }).count()).toBe(0);
    await card.scrollIntoViewIfNeeded();
    // The card's images load lazily: drawn once they have arrived (the pictograms' names were checked above).
    await card.getByRole('img').evaluateAll((imgs) => Promise.all((imgs as HTMLImageElement[]).map((i) => i.decode().catch(() => undefined))));
    await shoot(page, `card-pictograms-${width}`);

    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' }).click();
    const line = cartDrawer(page).getByRole('listitem').filter({ hasText: hazardous.name });
    for (const name of names) await line.getByRole('img', { name, exact: true }).waitFor();
    await shoot(page, `cart-drawer-pictograms-${width}`);

    await cartDrawer(page).getByRole('link', { name: 'Proceed to Checkout' }).click();
    const summary = page.getByRole('list', { name: 'Items in your order' });
    // Phones fold the summary behind its button (lg: 1024 px shows it beside the form).
    if (width < 1024) await page.getByRole('button', { name: 'Show order summary' }).click();
    const summaryLine = summary.getByRole('listitem').filter({ hasText: hazardous.name });
    for (const name of names) await summaryLine.getByRole('img', { name, exact: true }).waitFor();
    await summaryLine.scrollIntoViewIfNeeded();
    await shoot(page, `checkout-pictograms-${width}`);
  });
});
