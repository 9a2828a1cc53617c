// A contractor's quote becomes an order (issue #27 items 1 and 4): signed in, they ask for a quote
// on a quote-only product from the shop's modal; the order manager prices it in the quote
// request's panel (the product below list, a second product added) and sends it; the contractor
// opens the e-mailed link, accepts it with their delivery details and lands on the order
// confirmation with the bank-transfer details; later 'Buy again' on /account/orders puts what can
// still be bought in the cart and says the quote-only line is not; the order saved as a project
// list goes to the cart whole. Runs on a server of its own (ADMIN_SHOTS_DIR saves PNGs).
import { describe, it } from 'vitest';
import { QUOTE_MESSAGES } from '../../../src/lib/schemas/quotes';
import { BUYABLE } from '../checkout/checkout-helpers';
import { productList, readCatalogue, searchBox, waitForShop } from '../shop/shop-helpers';
import { freshEmail, JOURNEY_TIMEOUT_MS, ORDER_MANAGER, setStock, shoot, signInStaff, signUpCustomer, useAdminServer, useBrowserPages, waitForIsland, waitForQuoteMail } from './admin-helpers';

const server = useAdminServer();
const pages = useBrowserPages();
const quoteOnly = readCatalogue().find((p) => p.requestQuoteOnly)!;
const extra = BUYABLE[0]!;
// Signed-out checks of the session on public pages answer 401; the browser logs them.
const ALLOWED = [/status of 401 .*\/api\/auth\/me/];

describe('a quote accepted online, then bought again', () => {
  it(
    'goes from a quote request to a placed order at the quoted prices, and back into the cart',
    async () => {
      setStock(server, quoteOnly.id, 200);
      setStock(server, extra.id, 200);
      const email = freshEmail('Dana Contractor');

      // The contractor asks for a quote while signed in.
      const contractor = await pages.open({ width: 375, allowErrors: ALLOWED });
      await signUpCustomer(contractor, server, { fullName: 'Dana Contractor', email });
      await waitForShop(contractor);
      await searchBox(contractor).fill(quoteOnly.sku);
      await productList(contractor).getByRole('link', { name: quoteOnly.name }).click();
      const dialog = contractor.getByRole('dialog', { name: quoteOnly.name });
      await dialog.getByRole('button', { name: 'Request Quote' }).click();
      const form = dialog.getByRole('form', { name: `Request a quote for ${quoteOnly.name}` });
      await form.getByLabel('Full name').fill('Dana Contractor');
      await form.getByLabel('E-mail address').fill(email);
      await form.getByLabel('Quantity (optional)').fill('40');
      await form.getByLabel(/^Notes/).fill('Warehouse floor in Bristol, March.');
      await form.getByRole('button', { name: 'Send Request' }).click();
      await dialog.getByText('Quote request sent').waitFor();

      // The order manager prices it: the product at $55.00, a second product added, $25 shipping.
      const staff = await pages.open({ width: 1440 });
      await signInStaff(staff, server, ORDER_MANAGER);
      await staff.goto(server.at('/admin/dashboard/enquiries?kind=quotes'), { waitUntil: 'domcontentloaded' });
      await staff.getByText('Warehouse floor in Bristol, March.').first().click();
      const editor = staff.getByRole('form', { name: 'Quote editor' });
      await waitForIsland(editor);
      await editor.getByLabel('Unit price ($)').first().fill('55.00');
      await editor.getByRole('button', { name: 'Add line' }).click();
      await editor.getByRole('combobox', { name: 'Product of line 2' }).fill(extra.sku);
      await staff.getByRole('option').filter({ hasText: `SKU ${extra.sku} ·` }).click();
      await editor.getByLabel('Qty').nth(1).fill('2');
      await editor.getByLabel('Shipping ($)').fill('25.00');
      await editor.getByLabel(/^Message to/).fill('Trade prices for the warehouse floor; delivery in 5 working days.');
      await editor.getByRole('button', { name: 'Send quote' }).click();
      await staff.getByText(QUOTE_MESSAGES.offered).first().waitFor();
      await editor.getByText('Sent, awaiting the customer').waitFor();

      // The contractor opens the e-mailed link and accepts it.
      const { link } = await waitForQuoteMail(server, email);
      await contractor.goto(server.at(link), { waitUntil: 'domcontentloaded' });
      await contractor.getByRole('heading', { name: 'What we quoted' }).waitFor();
      await contractor.getByText('40 × $55.00').waitFor();
      const accept = contractor.getByRole('form', { name: 'Accept and order' });
      await waitForIsland(accept);
      await accept.getByLabel('Phone').fill('07700 900456');
      await accept.getByLabel('Street address').fill('12 Dock Road');
      await accept.getByLabel('City').fill('Bristol');
      await accept.getByLabel('Postcode').fill('BS1 4DJ');
      await accept.getByRole('button', { name: 'Accept quote and place order' }).click();
      await contractor.waitForURL(/\/checkout\/success\?order=ORD-\d{8}/, { waitUntil: 'commit' });
      const orderNumber = new URL(contractor.url()).searchParams.get('order')!;
      await contractor.getByText(orderNumber).first().waitFor();
      await contractor.getByText(/bank transfer/i).first().waitFor();

      // Back on the quote, it says it was accepted and names the order.
      await contractor.goto(server.at(link), { waitUntil: 'domcontentloaded' });
      await contractor.getByRole('link', { name: `View order ${orderNumber}` }).waitFor();

      // Later: Buy again puts the product that can still be bought in the cart, at today's price.
      await contractor.goto(server.at('/account/orders'), { waitUntil: 'domcontentloaded' });
      await contractor.getByRole('heading', { name: orderNumber }).waitFor();
      await contractor.getByRole('button', { name: 'Buy again' }).first().click();
      await contractor.getByText('Added 2 items to your cart at today\'s prices.').waitFor();
      await contractor.getByText(`${quoteOnly.name}: available on quotation only, not added`).waitFor();
      const cart = contractor.getByRole('dialog', { name: /cart/i });
      await cart.getByText(extra.name).first().waitFor();
      await shoot(contractor, 'buy-again-375');
      await contractor.keyboard.press('Escape');

      // The order kept as a project list, and the whole list added to the cart again.
      await contractor.getByRole('button', { name: 'Save as project list' }).first().click();
      const lists = contractor.getByRole('region', { name: 'Your project lists' });
      await lists.getByRole('heading', { name: `Order ${orderNumber}` }).waitFor();
      await lists.getByRole('button', { name: 'Add list to cart' }).click();
      await lists.getByText(`Added 1 product from Order ${orderNumber} to your cart. Not available today: ${quoteOnly.name}.`).waitFor();
      await shoot(contractor, 'project-lists-375');
    },
    JOURNEY_TIMEOUT_MS * 2,
  );
});
