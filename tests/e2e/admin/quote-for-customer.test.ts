// Staff start a quote for a customer and tint it (issue #27 item 1): a painter has an account; the
// super admin opens them under Users, presses 'New quote', finds a tintable paint with the product
// picker by keyboard, and in the quote editor gives the line RAL 7016 and sends it; the painter
// opens the e-mailed link, sees the colour with its swatch, confirms that tinted paint is made to
// order and accepts; the order confirmation names the colour. Runs on a server of its own
// (ADMIN_SHOTS_DIR saves PNGs of the editor and the quote page at 375 and 1440 px).
import { describe, expect, it } from 'vitest';
import { QUOTE_MESSAGES } from '../../../src/lib/schemas/quotes';
import { TINT_MESSAGES } from '../../../src/lib/schemas/tinting';
import { readCatalogue } from '../shop/shop-helpers';
import { freshEmail, JOURNEY_TIMEOUT_MS, setStock, shoot, signInStaff, signUpCustomer, SUPER_ADMIN, useAdminServer, useBrowserPages, waitForIsland, waitForQuoteMail } from './admin-helpers';

const server = useAdminServer();
const pages = useBrowserPages();
const tintable = readCatalogue().find((p) => p.tintable && !p.requestQuoteOnly)!;
// Signed-out checks of the session on public pages answer 401; the browser logs them.
const ALLOWED = [/status of 401 .*\/api\/auth\/me/];

describe('a tinted quote staff start for a customer', () => {
  it(
    'goes from the customer panel through the picker and the colour to an order in RAL 7016',
    async () => {
      setStock(server, tintable.id, 200);
      const email = freshEmail('Robin Painter');
      const painter = await pages.open({ width: 375, allowErrors: ALLOWED });
      await signUpCustomer(painter, server, { fullName: 'Robin Painter', email });

      // Staff find the painter under Users and start a quote from their panel.
      const staff = await pages.open({ width: 1440 });
      await signInStaff(staff, server, SUPER_ADMIN);
      await staff.goto(server.at(`/admin/dashboard/users?q=${encodeURIComponent(email)}`), { waitUntil: 'domcontentloaded' });
      await waitForIsland(staff.getByRole('main'));
      await staff.getByRole('row').filter({ has: staff.getByRole('link', { name: 'Robin Painter', exact: true }) }).getByRole('link', { name: 'Robin Painter' }).click();
      const panel = staff.getByRole('region', { name: 'Robin Painter' });
      await panel.getByRole('button', { name: 'New quote' }).click();
      const start = panel.getByRole('form', { name: 'New quote for Robin Painter' });
      // The picker by keyboard: type part of the SKU, arrow to the option, Enter.
      const picker = start.getByRole('combobox', { name: 'First product' });
      await picker.fill(tintable.sku);
      const option = staff.getByRole('option').filter({ hasText: `SKU ${tintable.sku} ·` });
      await option.waitFor();
      expect(await option.textContent()).toContain(tintable.name);
      await shoot(staff, 'product-picker-1440');
      const target = await option.getAttribute('id');
      for (let i = 0; i < 10 && (await picker.getAttribute('aria-activedescendant')) !== target; i++) await picker.press('ArrowDown');
      expect(await picker.getAttribute('aria-activedescendant')).toBe(target);
      await picker.press('Enter');
      await expect.poll(() => picker.inputValue()).toContain(tintable.sku);
      await start.getByLabel('Quantity').fill('4');
      await start.getByRole('button', { name: 'Start quote' }).click();

      // The draft opens in the enquiries view's editor: colour, price, message, send.
      await staff.waitForURL(/\/admin\/dashboard\/enquiries\/[^/?]+/);
      const editor = staff.getByRole('form', { name: 'Quote editor' });
      await waitForIsland(editor);
      await expect.poll(() => editor.getByRole('combobox', { name: 'Product of line 1' }).inputValue()).toContain(tintable.sku);
      await editor.getByRole('button', { name: 'Choose a RAL colour' }).click();
      await editor.getByLabel('RAL code or colour name').fill('7016');
      await shoot(staff, 'colour-picker-1440');
      await editor.getByRole('button', { name: /RAL 7016\s*Anthracite Grey/ }).click();
      await editor.getByText('RAL 7016 Anthracite Grey').waitFor();
      await editor.getByLabel('Unit price ($)').first().fill('39.50');
      await editor.getByLabel(/^Message to/).fill('Four gallons mixed to RAL 7016 for the front doors.');
      await shoot(staff, 'quote-editor-colour-1440');
      await staff.setViewportSize({ width: 375, height: 800 });
      await editor.getByRole('combobox', { name: 'Product of line 1' }).scrollIntoViewIfNeeded();
      await shoot(staff, 'quote-editor-colour-375');
      await staff.setViewportSize({ width: 1440, height: 900 });
      await editor.getByRole('button', { name: 'Send quote' }).click();
      await staff.getByText(QUOTE_MESSAGES.offered).first().waitFor();
      await editor.getByText('Sent, awaiting the customer').waitFor();
      await staff.getByText('Quote started by staff for the customer').first().waitFor();

      // The painter opens the e-mailed link: the colour with its swatch, and the made-to-order question.
      const { mail, link } = await waitForQuoteMail(server, email);
      expect(mail.text).toContain('tinted to RAL 7016 Anthracite Grey');
      await painter.goto(server.at(link), { waitUntil: 'domcontentloaded' });
      await painter.getByRole('heading', { name: 'What we quoted' }).waitFor();
      await painter.getByText('RAL 7016 Anthracite Grey').waitFor();
      await painter.getByText('4 × $39.50').waitFor();
      const accept = painter.getByRole('form', { name: 'Accept and order' });
      await waitForIsland(accept);
      await accept.getByLabel('Phone').fill('07700 900456');
      await accept.getByLabel('Street address').fill('8 Harbour Row');
      await accept.getByLabel('City').fill('Plymouth');
      await accept.getByLabel('Postcode').fill('PL1 2AB');
      await painter.getByRole('heading', { name: 'What we quoted' }).scrollIntoViewIfNeeded();
      await shoot(painter, 'quote-page-colour-375');
      await painter.setViewportSize({ width: 1440, height: 900 });
      await painter.evaluate(() => window.scrollTo(0, 0));
      await shoot(painter, 'quote-page-colour-1440');
      await painter.setViewportSize({ width: 375, height: 800 });
      await accept.getByRole('button', { name: 'Accept quote and place order' }).click();
      await accept.getByText(TINT_MESSAGES.acceptanceRequired).waitFor();
      await accept.getByRole('checkbox', { name: TINT_MESSAGES.acceptance }).check();
      await accept.getByRole('button', { name: 'Accept quote and place order' }).click();
      await painter.waitForURL(/\/checkout\/success\?order=ORD-\d{8}/, { waitUntil: 'commit' });
      const orderNumber = new URL(painter.url()).searchParams.get('order')!;
      await painter.getByText(orderNumber).first().waitFor();
      await painter.getByText('RAL 7016 Anthracite Grey').first().waitFor();
    },
    JOURNEY_TIMEOUT_MS * 2,
  );
});
