// Project lists as a painter keeps them (issue 27 item 5): 'Add to list' on product pages starts a
// list and adds to it (signed out, it invites them to sign in and come back); on /account/lists
// they rename it, change a quantity, remove a product and save; add the whole list to the cart
// (the drawer opens with its lines); then delete it. The list is read back through the API after
// each step, so what the page says is what the server keeps. At 375 and 1440 px, with axe.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../../helpers/axe';
import { urlOf } from '../../helpers/base-url';
import { VIEWPORT_WIDTHS } from '../../helpers/browser';
import { usePagePerTest } from '../../helpers/page-per-test';
import { shooterFor } from '../../helpers/screenshots';
import { clickUntilExpanded } from '../../helpers/wait';
import { BUYABLE, EXPECTED_STATUS_ERRORS } from '../checkout/checkout-helpers';
import { cartDrawer } from '../shop/shop-helpers';
import { measureTwoWallsAndADoor } from '../../helpers/paint-calculator';

const PASSWORD = 'Harbour7!Lights';
const pages = usePagePerTest();

/** Saves a screenshot when LISTS_SHOTS_DIR is set. */
const shoot = shooterFor('LISTS_SHOTS_DIR');

interface ListAnswer {
  lists: { id: string; name: string; items: { productId: string; quantity: number; colour?: { code: string } }[] }[];
}

/** The signed-in customer's lists as the server keeps them. */
async function listsOf(page: Page): Promise<ListAnswer['lists']> {
  const response = await page.request.get(urlOf('/api/account/lists'));
  expect(response.status()).toBe(200);
  return ((await response.json()) as ListAnswer).lists;
}

describe.each(VIEWPORT_WIDTHS)('project lists at %i px', (width) => {
  it('renames a list, changes and removes lines, adds it all to the cart and deletes it', async () => {
    // Signed out, the page asks for the lists and gets 401, then invites the visitor to sign in.
    const page = await pages.open({ width, allowErrors: [...EXPECTED_STATUS_ERRORS, /status of 401 \(Unauthorized\) @ .*\/api\/account\/lists/] });
    const [first, second] = [BUYABLE[0]!, BUYABLE[1]!];
    await page.goto(urlOf('/account/lists'));
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    // Signed out, 'Add to list' on a product page invites them to sign in and come back.
    await page.goto(urlOf(`/shop/${first.slug}`));
    await clickUntilExpanded(page.getByRole('button', { name: 'Add to list' }));
    const signIn = page.getByText('to keep project lists of the products you need.').getByRole('link', { name: 'Sign in' });
    await signIn.waitFor();
    expect(await signIn.getAttribute('href')).toBe(`/login?next=${encodeURIComponent(`/shop/${first.slug}`)}`);

    const email = `lists.${randomUUID()}@example.com`;
    const signUp = await page.request.post(urlOf('/api/auth/register'), {
      headers: { origin: urlOf('') },
      data: { fullName: 'Priya Painter', email, phone: '+447700900321', dateOfBirth: '1990-06-02', password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
    });
    expect(signUp.status()).toBe(201);

    // Signed in: the first product starts a new list, the second joins it.
    await page.goto(urlOf(`/shop/${first.slug}`));
    await clickUntilExpanded(page.getByRole('button', { name: 'Add to list' }));
    const chooser = page.getByRole('form', { name: 'Add to a project list' });
    await chooser.getByLabel('New list name').fill('Kitchen repaint');
    await chooser.getByLabel('Quantity').fill('2');
    await chooser.getByRole('button', { name: 'Save to list' }).click();
    await chooser.getByText(`Added 2 × ${first.name} to Kitchen repaint.`).waitFor();
    await page.goto(urlOf(`/shop/${second.slug}`));
    await clickUntilExpanded(page.getByRole('button', { name: 'Add to list' }));
    await expect.poll(() => chooser.getByRole('combobox', { name: 'List' }).inputValue()).not.toBe('');
    await chooser.getByRole('button', { name: 'Save to list' }).click();
    await chooser.getByText(`Added 1 × ${second.name} to Kitchen repaint.`).waitFor();
    await chooser.scrollIntoViewIfNeeded();
    await shoot(page, `add-to-list-${width}`);

    await page.goto(urlOf('/account/lists'));
    const list = page.getByRole('form', { name: 'Kitchen repaint' });
    await list.getByLabel(`Quantity of ${first.name}`).waitFor();
    await expectAccessible(page, 'the project lists page');
    await shoot(page, `lists-${width}`);

    await list.getByLabel('List name').fill('Kitchen and hall');
    await list.getByLabel(`Quantity of ${first.name}`).fill('3');
    await list.getByRole('button', { name: `Remove ${second.name}` }).click();
    await list.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved Kitchen and hall.').waitFor();
    await expect.poll(async () => (await listsOf(page)).map((l) => ({ name: l.name, items: l.items.map((i) => ({ productId: i.productId, quantity: i.quantity })) }))).toEqual([
      { name: 'Kitchen and hall', items: [{ productId: first.id, quantity: 3 }] },
    ]);

    const saved = page.getByRole('form', { name: 'Kitchen and hall' });
    await saved.getByRole('button', { name: 'Add all to cart' }).click();
    const drawer = cartDrawer(page);
    await drawer.waitFor();
    await drawer.getByRole('spinbutton', { name: `Quantity of ${first.name}` }).waitFor();
    expect(await drawer.getByRole('spinbutton', { name: `Quantity of ${first.name}` }).inputValue()).toBe('3');
    await drawer.getByRole('button', { name: 'Close cart' }).click();
    await page.getByText('Added 1 product from Kitchen and hall to your cart.').waitFor();

    await saved.getByRole('button', { name: 'Delete list Kitchen and hall' }).click();
    await page.getByText('No lists yet', { exact: false }).waitFor();
    expect(await listsOf(page)).toEqual([]);
  });

  it("adds the calculator's suggested mix in the chosen colour to a new list (signed out, it asks to sign in first)", async () => {
    const page = await pages.open({ width, allowErrors: [...EXPECTED_STATUS_ERRORS, /status of 401 \(Unauthorized\) @ .*\/api\/account\/lists/] });
    const path = '/shop/dc-ultra-interior-eggshell-1g';
    /** Opens the page's calculator and measures 5 × 2.5 m and 4 × 2.5 m less a door: 4.2 L, two 1 gal cans. */
    const measure = async () => {
      const calculator = page.getByRole('region', { name: 'How much do you need?' });
      // The button is replaced by the calculator once it opens; a click before hydration does nothing.
      const opener = page.getByRole('button', { name: 'Calculate how much you need' });
      const deadline = Date.now() + 15_000;
      while (!(await calculator.isVisible())) {
        if (Date.now() > deadline) throw new Error('The calculator never opened.');
        if (await opener.isEnabled().catch(() => false)) await opener.click().catch(() => undefined);
        await calculator.waitFor({ timeout: 500 }).catch(() => undefined);
      }
      await calculator.getByText('Metric (m, L)').click();
      await measureTwoWallsAndADoor(calculator);
      await calculator.getByRole('button', { name: 'Add these to a list' }).click();
      return calculator;
    };
    await page.goto(urlOf(path));
    const signIn = (await measure()).getByText('to keep project lists of the products you need.').getByRole('link', { name: 'Sign in' });
    await signIn.waitFor();
    expect(await signIn.getAttribute('href')).toBe(`/login?next=${encodeURIComponent(path)}`);

    const email = `mix-list.${randomUUID()}@example.com`;
    const signUp = await page.request.post(urlOf('/api/auth/register'), {
      headers: { origin: urlOf('') },
      data: { fullName: 'Colm Calculator', email, phone: '+447700900322', dateOfBirth: '1988-03-14', password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
    });
    expect(signUp.status()).toBe(201);
    await page.goto(urlOf(path));
    const colour = page.getByRole('region', { name: 'Colour' });
    await clickUntilExpanded(colour.getByRole('button', { name: 'Choose a RAL colour' }));
    await colour.getByLabel('RAL code or colour name').fill('anthracite');
    await colour.getByRole('button', { name: /^RAL 7016\s*Anthracite Grey$/ }).click();
    const calculator = await measure();
    const chooser = calculator.getByRole('form', { name: 'Add the mix to a project list' });
    await chooser.getByLabel('New list name').fill('Landing in anthracite');
    await chooser.getByRole('button', { name: 'Save to list' }).click();
    await chooser.getByText('Added 2 × Diamond Ultra Interior Acrylic Eggshell 1 gal in RAL 7016 Anthracite Grey to Landing in anthracite.', { exact: false }).waitFor();
    await chooser.scrollIntoViewIfNeeded();
    await shoot(page, `calculator-add-to-list-${width}`);
    expect((await listsOf(page)).map((l) => ({ name: l.name, items: l.items.map((i) => [i.productId, i.quantity, i.colour?.code]) }))).toEqual([
      { name: 'Landing in anthracite', items: [['dc-ultra-interior-eggshell-1g', 2, 'RAL 7016']] },
    ]);

    // The list page shows the colour, and the whole list goes into the cart in it.
    await page.goto(urlOf('/account/lists'));
    const list = page.getByRole('form', { name: 'Landing in anthracite' });
    await list.getByLabel(/^Quantity of .* in RAL 7016 Anthracite Grey$/).waitFor();
    await list.getByRole('button', { name: 'Add all to cart' }).click();
    await cartDrawer(page).getByText('RAL 7016', { exact: false }).first().waitFor();
  });
});
