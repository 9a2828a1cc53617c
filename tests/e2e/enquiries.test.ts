// Writing to the company as a person does (issue #6 item 5): the contact form with a mistake, its
// field message, the fix and the confirmation; a quote for a quote-only product from the shop's
// modal; a product's technical data sheet downloaded as a one-page PDF.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ENQUIRY_MESSAGES } from '../../src/lib/schemas/enquiries';
import { urlOf } from '../helpers/base-url';
import { usePagePerTest } from '../helpers/page-per-test';
import { readPdfText } from '../helpers/pdf-text';
import { productList, readCatalogue, searchBox, waitForShop } from './shop/shop-helpers';

// A refused form answers 422, and signed-out pages may ask /api/auth/me (401): the browser logs both.
const EXPECTED = [/status of 422 .*\/api\/(contact|quotes)/, /status of 401 .*\/api\/auth\/me/];
const catalogue = readCatalogue();
const quoteOnly = catalogue.find((p) => p.requestQuoteOnly)!;
const buyable = catalogue.find((p) => !p.requestQuoteOnly && p.inStock)!;

const pages = usePagePerTest();

/** Opens a path at a width with console errors tracked. */
async function open(path: string, width = 1440): Promise<Page> {
  const page = await pages.open({ width, allowErrors: EXPECTED });
  await page.goto(urlOf(path), { waitUntil: 'load' });
  return page;
}

describe('contact form', () => {
  it('shows the field message for a mistake, keeps what was typed, then sends and confirms', async () => {
    const page = await open('/contact', 375);
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Full name').fill('Maya Patel');
    await form.getByLabel('E-mail address').fill('maya.patel.example.com');
    await form.getByLabel('Phone (optional)').fill('020 7946 0958');
    await form.getByLabel('Message').fill('We are repainting a Victorian hallway and would like advice on a durable off-white.');
    await form.getByRole('button', { name: 'Send Message' }).click();

    const emailError = form.getByText(ENQUIRY_MESSAGES.email);
    await emailError.waitFor();
    expect(await form.getByLabel('E-mail address').getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByLabel('Full name').inputValue()).toBe('Maya Patel');
    expect(await form.getByLabel('Message').inputValue()).toContain('Victorian hallway');

    // The overlay shows for exactly as long as the request is in flight.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.continue();
    });
    await form.getByLabel('E-mail address').fill('maya.patel@example.com');
    await form.getByRole('button', { name: 'Send Message' }).click();
    const overlay = page.getByRole('status').filter({ hasText: 'Connecting you with our design team...' });
    await overlay.waitFor();
    release();
    await overlay.waitFor({ state: 'hidden' });

    await page.getByRole('heading', { name: 'Thank you, we have your message.' }).waitFor();
    await page.getByText('maya.patel@example.com', { exact: true }).waitFor();
    expect(await emailError.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Send another message' }).click();
    expect(await form.getByLabel('Full name').inputValue()).toBe('');
    expect(await form.getByLabel('Message').inputValue()).toBe('');
  });
});

describe('request a quote', () => {
  it('asks for a quote for a quote-only product from the shop modal', async () => {
    const page = await open('/shop');
    await waitForShop(page);
    await searchBox(page).fill(quoteOnly.sku);
    await productList(page).getByRole('link', { name: quoteOnly.name }).click();
    const dialog = page.getByRole('dialog', { name: quoteOnly.name });
    await dialog.getByText('Request Quote', { exact: true }).first().waitFor();
    const toggle = dialog.getByRole('button', { name: 'Request Quote' });
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const form = dialog.getByRole('form', { name: `Request a quote for ${quoteOnly.name}` });
    // Focus moves into the form.
    expect(await form.getByLabel('Full name').evaluate((el) => el === document.activeElement)).toBe(true);
    await form.getByLabel('Full name').fill('Tom Okafor');
    await form.getByLabel('E-mail address').fill('tom.okafor@example.com');
    await form.getByLabel('Quantity (optional)').fill('0');
    await form.getByRole('button', { name: 'Send Request' }).click();
    await form.getByText(ENQUIRY_MESSAGES.quantity).waitFor();
    await form.getByLabel('Quantity (optional)').fill('25');
    await form.getByLabel(/^Notes/).fill('Delivery to a site in Leeds in March.');
    await form.getByRole('button', { name: 'Send Request' }).click();
    await dialog.getByText('Quote request sent').waitFor();
    await dialog.getByText('tom.okafor@example.com', { exact: true }).waitFor();
  });
});

describe('download specs', () => {
  it('downloads the product’s one-page technical data sheet from its page', async () => {
    const page = await open(`/shop/${buyable.slug}`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download Specs' }).click()]);
    expect(download.suggestedFilename()).toBe(`${buyable.slug}-technical-data-sheet.pdf`);
    const bytes = new Uint8Array(readFileSync((await download.path())!));
    const { pageCount, lines } = await readPdfText(bytes);
    expect(pageCount).toBe(1);
    expect(lines.join('\n')).toContain(`SKU  ${buyable.sku}`);
  });
});
