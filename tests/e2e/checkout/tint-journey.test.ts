// A painter buys paint tinted to a RAL colour (issue 24 item 4): on a tintable paint's page they
// pick RAL 7016, measure two walls with a door in the calculator and add the suggested mix in that
// colour; the colour shows on every line in the cart and through checkout, where they confirm that
// tinted paint cannot be returned; the success page and /account/orders show it, and staff see it
// in the order panel. At 375 and 1440 px.
import { describe, it } from 'vitest';
import { VIEWPORT_WIDTHS } from '../../helpers/browser';
import { clickUntilExpanded } from '../../helpers/wait';
import { freshEmail, JOURNEY_TIMEOUT_MS, ORDER_MANAGER, orderPanel, orderRow, signInStaff, signUpCustomer, useAdminServer, useBrowserPages } from '../admin/admin-helpers';
import { continueButton, EXPECTED_STATUS_ERRORS, fillPayment, fillShipping, orderNumberOf, waitForCheckout } from './checkout-helpers';
import { measureTwoWallsAndADoor } from '../../helpers/paint-calculator';

const server = useAdminServer();
const pages = useBrowserPages();
const SHOTS = '/tmp/shots-colours';
const COLOUR = 'RAL 7016 Anthracite Grey';

describe.each(VIEWPORT_WIDTHS)('a tinted paint order at %i px', (width) => {
  it('picks RAL 7016, adds the calculator’s mix in it, confirms it cannot be returned, and sees the colour on every line', { timeout: JOURNEY_TIMEOUT_MS }, async () => {
    const shopper = await pages.open({ width, reducedMotion: 'reduce', allowErrors: EXPECTED_STATUS_ERRORS });
    await signUpCustomer(shopper, server, { fullName: 'Tess Tinter', email: freshEmail(`tint${width}`) });
    await shopper.goto(server.at('/shop/dc-ultra-interior-eggshell-1g'), { waitUntil: 'domcontentloaded' });

    const colour = shopper.getByRole('region', { name: 'Colour' });
    await colour.getByText('Tinted paint is mixed to order for you and cannot be returned.').waitFor();
    // The page's island may still be hydrating: a click before that does nothing, so click until it opens.
    await clickUntilExpanded(colour.getByRole('button', { name: 'Choose a RAL colour' }));
    await colour.getByLabel('RAL code or colour name').fill('anthracite');
    await colour.getByRole('button', { name: /^RAL 7016\s*Anthracite Grey$/ }).click();
    await colour.getByText(COLOUR).waitFor();

    await shopper.getByRole('button', { name: 'Calculate how much you need' }).click();
    const calculator = shopper.getByRole('region', { name: 'How much do you need?' });
    await calculator.getByText('Metric (m, L)').click();
    await measureTwoWallsAndADoor(calculator);
    await shopper.screenshot({ path: `${SHOTS}/paint-page-colour-${width}.png`, fullPage: true });
    await calculator.getByRole('button', { name: 'Add these to cart in RAL 7016' }).click();

    await shopper.locator('[data-cart-toggle]').first().click();
    const drawer = shopper.getByRole('dialog', { name: /Shopping cart/ });
    await drawer.getByText(COLOUR).waitFor();
    await shopper.screenshot({ path: `${SHOTS}/cart-${width}.png` });

    await shopper.goto(server.at('/checkout'), { waitUntil: 'domcontentloaded' });
    await waitForCheckout(shopper);
    const summary = shopper.getByRole('list', { name: 'Items in your order', includeHidden: true });
    await summary.getByText(COLOUR).waitFor({ state: 'attached' });
    await shopper.getByLabel('First name').fill('Tess');
    await shopper.getByLabel('Last name').fill('Tinter');
    await shopper.getByLabel('Phone number').fill('07700 900123');
    await continueButton(shopper).click();
    await fillShipping(shopper);
    await continueButton(shopper).click();
    await fillPayment(shopper);
    const accept = shopper.getByRole('checkbox', { name: 'I understand that tinted paint is mixed to order and cannot be returned.' });
    await shopper.getByRole('button', { name: 'Complete Order' }).click();
    await shopper.getByText('Please confirm this to order paint tinted to a colour.').waitFor();
    await shopper.screenshot({ path: `${SHOTS}/checkout-accept-${width}.png`, fullPage: true });
    await accept.check();
    await shopper.getByRole('button', { name: 'Complete Order' }).click();
    await shopper.waitForURL(/\/checkout\/success\?order=ORD-\d{8}$/, { waitUntil: 'commit' });
    const orderNumber = orderNumberOf(shopper);
    await shopper.getByText(COLOUR).first().waitFor();
    await shopper.screenshot({ path: `${SHOTS}/success-${width}.png`, fullPage: true });

    await shopper.goto(server.at('/account/orders'), { waitUntil: 'domcontentloaded' });
    await shopper.getByRole('region', { name: 'Your orders' }).getByRole('article', { name: orderNumber }).getByText(COLOUR).waitFor();

    const staff = await pages.open({ width, reducedMotion: 'reduce' });
    await signInStaff(staff, server, ORDER_MANAGER);
    await orderRow(staff, orderNumber).getByRole('link', { name: orderNumber }).click();
    const panel = orderPanel(staff, orderNumber);
    await panel.getByText(COLOUR).waitFor();
    await panel.getByText(/the customer accepted they cannot be returned/).waitFor();
    await staff.screenshot({ path: `${SHOTS}/order-panel-${width}.png`, fullPage: true });
  });
});
