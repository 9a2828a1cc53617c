// A painter who is not sure of a colour buys a sample pot of it (issue 24 item 4): on a tintable
// paint's page the family's sample pot is mentioned quietly until a colour is chosen; after picking
// RAL 7016 the page offers the pot in that colour, the toast says what was added and the cart drawer
// shows the sample pot with the colour. The pot's own page offers no pot. At 375 and 1440 px.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../../helpers/axe';
import { urlOf } from '../../helpers/base-url';
import { VIEWPORT_WIDTHS } from '../../helpers/browser';
import { clickUntilExpanded } from '../../helpers/wait';
import { useBrowserPages } from '../admin/admin-helpers';
import { cartButton, cartDrawer, readCatalogue } from './shop-helpers';

const catalogue = readCatalogue();
const gallon = catalogue.find((p) => p.id === 'dc-ultra-interior-eggshell-1g')!;
const pot = catalogue.find((p) => p.id === 'dc-ultra-interior-eggshell-sample')!;
const COLOUR = 'RAL 7016 Anthracite Grey';
const SHOTS = '/tmp/shots-sample';

const pages = useBrowserPages();
beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

async function visit(path: string, width: number): Promise<Page> {
  const page = await pages.open({ width });
  await page.goto(urlOf(path), { waitUntil: 'load' });
  return page;
}

describe.each(VIEWPORT_WIDTHS)('a sample pot of the chosen colour at %i px', (width) => {
  it('picks RAL 7016 on a paint page, adds the sample pot in it, and finds it in the cart with the colour', async () => {
    const page = await visit(`/shop/${gallon.slug}`, width);
    await page.getByText('Sample pot available: 8 fl oz for $6.99, tinted to the colour you choose.').waitFor();
    // Among the family's sizes the tester reads as one, in fluid ounces.
    await page.getByRole('navigation', { name: 'Sizes' }).getByRole('link', { name: /^8 fl oz sample pot\s*\$6\.99/ }).waitFor();
    await page.getByText('Sample pot available', { exact: false }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/paint-page-quiet-${width}.png` });

    const colour = page.getByRole('region', { name: 'Colour' });
    await clickUntilExpanded(colour.getByRole('button', { name: 'Choose a RAL colour' }));
    await colour.getByLabel('RAL code or colour name').fill('7016');
    await colour.getByRole('button', { name: /^RAL 7016\s*Anthracite Grey$/ }).click();
    await page.getByText(`Not sure? Try a sample pot of ${COLOUR}: 8 fl oz $6.99`).waitFor();
    expect(await page.getByText('Sample pot available', { exact: false }).count()).toBe(0);
    await page.getByText(`Not sure? Try a sample pot of ${COLOUR}`, { exact: false }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/paint-page-offer-${width}.png` });
    await expectAccessible(page, 'the paint page with the sample pot offer');

    await page.getByRole('button', { name: `Add sample pot in ${COLOUR}` }).click();
    await page.getByRole('region', { name: /Cart notifications/ }).getByText(`1 × ${pot.name}, ${COLOUR}`, { exact: true }).waitFor();
    await cartButton(page).click();
    const drawer = cartDrawer(page);
    await drawer.getByText(pot.name, { exact: true }).waitFor();
    await drawer.getByText(COLOUR).waitFor();
    // The pot is the only line: the gallon itself was not added.
    expect(await drawer.getByText(gallon.name, { exact: true }).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/cart-sample-pot-${width}.png` });
  });

  it('offers no sample pot on the sample pot’s own page', async () => {
    const page = await visit(`/shop/${pot.slug}`, width);
    await page.getByRole('heading', { level: 1, name: pot.name }).waitFor();
    const colour = page.getByRole('region', { name: 'Colour' });
    await clickUntilExpanded(colour.getByRole('button', { name: 'Choose a RAL colour' }));
    await colour.getByLabel('RAL code or colour name').fill('7016');
    await colour.getByRole('button', { name: /^RAL 7016\s*Anthracite Grey$/ }).click();
    await colour.getByText(COLOUR).waitFor();
    expect(await page.getByText('Not sure? Try a sample pot', { exact: false }).count()).toBe(0);
    expect(await page.getByText('Sample pot available', { exact: false }).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/sample-pot-page-${width}.png` });
  });
});
