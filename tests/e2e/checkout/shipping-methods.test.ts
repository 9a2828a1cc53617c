// Shipping methods and packing slips as people meet them (issue #25 items 5 and 6): a shopper with a
// spray can sees express delivery offered but disabled with its reason and orders standard; another
// with ordinary paint picks express, the summary charges it and the order keeps it; an order manager
// sees the method in the order panel and prints the packing slips, one and several, whose text has
// the UN numbers. Runs on a server of its own. With SHIP_SHOTS_DIR set, screenshots of the shipping
// step and of a slip's page (drawn by pdf.js in Chromium) at 375 and 1440 px go there.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../../src/lib/schemas/order';
import { JOURNEY_TIMEOUT_MS, ORDER_MANAGER, orderPanel, orderRow, signInStaff, useAdminServer, useBrowserPages, type AdminServer } from '../admin/admin-helpers';
import { BUYABLE, continueButton, EXPECTED_STATUS_ERRORS, fillInformation, fillPayment, fillShipping, orderNumberOf, seedCartScript, uniqueEmail, waitForCheckout } from './checkout-helpers';

const server = useAdminServer();
const pages = useBrowserPages();
const SHOTS = process.env.SHIP_SHOTS_DIR;
const REASON = 'Aerosols and flammable liquids cannot go by express air; standard delivery only.';

type Buyable = (typeof BUYABLE)[number] & { dangerousGoods?: { aerosol?: boolean; un?: string | null } | null };
const AEROSOL = (BUYABLE as Buyable[]).find((p) => p.dangerousGoods?.aerosol)!;
const PLAIN = (BUYABLE as Buyable[]).find((p) => !p.dangerousGoods && p.price > 20 && p.price < 60)!;

/** The text of a PDF as pdf.js reads it (unpdf), with its page count. */
async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  // A copy: pdf.js takes over (detaches) the buffer it is given.
  const { totalPages, text } = await extractText(new Uint8Array(bytes), { mergePages: true });
  return { pages: totalPages, text: text.replace(/\s+/g, ' ') };
}

/** Goes through steps 1 and 2 of the checkout up to the delivery methods. */
async function reachShippingStep(page: Page, srv: AdminServer, email: string): Promise<void> {
  await page.goto(srv.at('/checkout'), { waitUntil: 'domcontentloaded' });
  await waitForCheckout(page);
  await fillInformation(page, email);
  await continueButton(page).click();
  await fillShipping(page);
  await page.getByRole('group', { name: 'Delivery method' }).waitFor();
}

/** Draws the first page of a PDF with pdf.js in Chromium and screenshots it at this page's width. */
async function shootPdf(page: Page, bytes: Uint8Array, name: string): Promise<void> {
  if (!SHOTS) return;
  const pdfjs = readFileSync(join(process.cwd(), 'node_modules/unpdf/dist/pdfjs.mjs'), 'utf8');
  await page.setContent('<!doctype html><body style="margin:0;background:#666"><canvas id="c" style="display:block;width:100%"></canvas></body>');
  await page.evaluate(({ code, data }) => Object.assign(window, { pdfjsCode: code, pdfBytes: data }), { code: pdfjs, data: [...bytes] });
  // Given as text, so the test runner does not rewrite the page's own dynamic import.
  await page.evaluate(`(async () => {
    const url = URL.createObjectURL(new Blob([window.pdfjsCode], { type: 'text/javascript' }));
    const pdfjsLib = await import(url);
    const doc = await pdfjsLib.getDocument({ data: new Uint8Array(window.pdfBytes) }).promise;
    const first = await doc.getPage(1);
    const viewport = first.getViewport({ scale: (window.innerWidth * devicePixelRatio) / first.getViewport({ scale: 1 }).width });
    const canvas = document.getElementById('c');
    canvas.width = viewport.width;
    canvas.height = viewport.height;
    await first.render({ canvasContext: canvas.getContext('2d'), viewport }).promise;
  })()`);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

describe('shipping methods and packing slips', () => {
  it(
    'refuses express for a spray can with its reason, lets ordinary paint go express, and staff print the packing slips',
    async () => {
      expect(AEROSOL, 'an aerosol the guest can buy').toBeDefined();
      expect(PLAIN, 'an unclassified paint the guest can buy').toBeDefined();
      if (SHOTS) mkdirSync(SHOTS, { recursive: true });

      // A spray can: express is there but disabled, with the reason; standard is chosen.
      const phone = await pages.open({ width: 375, reducedMotion: 'reduce', allowErrors: EXPECTED_STATUS_ERRORS });
      await phone.addInitScript(seedCartScript([{ product: AEROSOL, quantity: 2 }]));
      await reachShippingStep(phone, server, uniqueEmail('spray'));
      const express = phone.getByRole('radio', { name: 'Express delivery' });
      await express.waitFor();
      expect(await express.isDisabled()).toBe(true);
      await phone.getByText(REASON, { exact: true }).waitFor();
      expect(await phone.getByRole('radio', { name: 'Standard delivery' }).isChecked()).toBe(true);
      // The reason is read with the radio.
      expect(await express.getAttribute('aria-describedby')).toBeTruthy();
      expect(await phone.locator(`#${await express.getAttribute('aria-describedby')}`).textContent()).toContain(REASON);
      if (SHOTS) {
        await phone.screenshot({ path: join(SHOTS, 'shipping-step-aerosol-375.png'), fullPage: true });
        await phone.setViewportSize({ width: 1440, height: 900 });
        await phone.screenshot({ path: join(SHOTS, 'shipping-step-aerosol-1440.png'), fullPage: true });
        await phone.setViewportSize({ width: 375, height: 812 });
      }
      await continueButton(phone).click();
      await fillPayment(phone);
      await phone.getByRole('button', { name: 'Complete Order' }).click();
      await phone.waitForURL(/\/checkout\/success\?order=ORD-\d{8}$/, { waitUntil: 'commit' });
      const sprayOrder = orderNumberOf(phone);

      // Ordinary paint: express is offered; choosing it puts its price in the summary and the order.
      const laptop = await pages.open({ width: 1440, reducedMotion: 'reduce', allowErrors: EXPECTED_STATUS_ERRORS });
      await laptop.addInitScript(seedCartScript([{ product: PLAIN, quantity: 1 }]));
      const email = uniqueEmail('express');
      await reachShippingStep(laptop, server, email);
      const summary = laptop.getByRole('complementary', { name: 'Order Summary' });
      await summary.getByText('$9.99', { exact: true }).waitFor();
      const fast = laptop.getByRole('radio', { name: 'Express delivery' });
      expect(await fast.isDisabled()).toBe(false);
      await fast.check();
      await summary.getByText('$19.99', { exact: true }).waitFor();
      if (SHOTS) {
        await laptop.screenshot({ path: join(SHOTS, 'shipping-step-express-1440.png'), fullPage: true });
        await laptop.setViewportSize({ width: 375, height: 812 });
        await laptop.screenshot({ path: join(SHOTS, 'shipping-step-express-375.png'), fullPage: true });
        await laptop.setViewportSize({ width: 1440, height: 900 });
      }
      await continueButton(laptop).click();
      await fillPayment(laptop);
      await laptop.getByRole('button', { name: 'Complete Order' }).click();
      await laptop.waitForURL(/\/checkout\/success\?order=ORD-\d{8}$/, { waitUntil: 'commit' });
      const expressOrder = orderNumberOf(laptop);
      // The confirmation names the method the shopper chose.
      await laptop.getByText('Express delivery (1–2 business days)', { exact: true }).waitFor();
      const placed = (await laptop.evaluate(async ([n, e]) => (await fetch(`/api/orders/${n}?email=${encodeURIComponent(e!)}`)).json(), [expressOrder, email])) as Order;
      expect(placed.shippingMethod).toBe('express');
      expect(placed.shipping).toBe(19.99);

      // The order manager sees the method and prints the spray order's packing slip.
      const staff = await pages.open({ width: 1440, reducedMotion: 'reduce' });
      await signInStaff(staff, server, ORDER_MANAGER);
      await staff.getByRole('heading', { name: 'Select an Order' }).waitFor();
      await orderRow(staff, expressOrder).getByRole('link', { name: expressOrder }).click();
      await orderPanel(staff, expressOrder).getByText('Express delivery (1–2 business days)', { exact: true }).waitFor();
      await orderRow(staff, sprayOrder).getByRole('link', { name: sprayOrder }).click();
      const panel = orderPanel(staff, sprayOrder);
      await panel.getByText('Standard delivery (3–5 business days)', { exact: true }).waitFor();
      const [slipFile] = await Promise.all([staff.waitForEvent('download'), panel.getByRole('link', { name: 'Packing slip (PDF)' }).click()]);
      const slipBytes = new Uint8Array(readFileSync((await slipFile.path())!));
      const slip = await pdfText(slipBytes);
      expect(slip.pages).toBe(1);
      expect(slip.text).toContain('PACKING SLIP');
      expect(slip.text).toContain(sprayOrder);
      expect(slip.text).toContain(AEROSOL.sku);
      expect(slip.text).toContain(AEROSOL.dangerousGoods!.un!);
      expect(slip.text).toContain('LIMITED QUANTITY');

      // Both orders picked in the list: one PDF, a page each.
      await staff.getByRole('checkbox', { name: `Select ${sprayOrder}` }).check();
      await staff.getByRole('checkbox', { name: `Select ${expressOrder}` }).check();
      const [bulkFile] = await Promise.all([staff.waitForEvent('download'), staff.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Packing slips' }).click()]);
      const both = await pdfText(new Uint8Array(readFileSync((await bulkFile.path())!)));
      expect(both.pages).toBe(2);
      expect(both.text).toContain(sprayOrder);
      expect(both.text).toContain(expressOrder);
      expect(both.text).toContain(AEROSOL.dangerousGoods!.un!);
      expect(both.text).toContain('Express delivery (1–2 business days)');

      if (SHOTS) {
        for (const width of [375, 1440]) {
          const viewer = await pages.open({ width, reducedMotion: 'reduce' });
          await shootPdf(viewer, slipBytes, `packing-slip-${width}`);
        }
      }
    },
    JOURNEY_TIMEOUT_MS * 2,
  );
});
