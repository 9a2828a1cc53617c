// Staff edit a product's safety data in the back office (issue #25), at a phone and a desktop width:
// the hazard pictograms by their images and names, the signal word, statements typed by code with
// their official texts shown as they are typed, the UFI, the VOC subcategory with its limit shown (a
// content over it refused on the field with the message naming both figures, the same message the
// server gives), and the dangerous-goods data; the product's API answer then carries what was saved.
// axe checks the dialog with its safety group. With ADMIN_SHOTS_DIR set, PNGs are saved.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_CATALOG_MESSAGES } from '../../../src/lib/schemas/admin-catalog';
import { computeUfiCheckCharacter } from '../../../src/lib/paint/ufi';
import { expectAccessible } from '../../helpers/axe';
import { VIEWPORT_WIDTHS } from '../../helpers/browser';
import { JOURNEY_TIMEOUT_MS, shoot, signInStaff, SUPER_ADMIN, useAdminServer, useBrowserPages, waitForIsland } from './admin-helpers';

const server = useAdminServer();
const pages = useBrowserPages();

/** A water-based coating of the catalogue without safety data. */
const PRODUCT = { id: 'dc-fireshield-intumescent-coating-5g', sku: 'DC-FIR-INT-5G', name: 'Diamond FireShield Water-Based Intumescent Coating 5 gal' };
const OVER_LIMIT = 'This product contains max 60 g/l VOC, above the EU limit value of 40 g/l for cat. A/c (water-borne, 2010): it cannot be sold in the EU.';
const UFI_REST = 'E60030P1S00Y5RC';
const UFI = `${computeUfiCheckCharacter(UFI_REST)}${UFI_REST}`.match(/.{4}/g)!.join('-');

async function openEditDialog(page: Page): Promise<Locator> {
  await page.goto(server.at(`/admin/dashboard/products?q=${encodeURIComponent(PRODUCT.sku.toLowerCase())}`), { waitUntil: 'domcontentloaded' });
  await waitForIsland(page.getByRole('main'));
  await page.getByRole('button', { name: `Edit ${PRODUCT.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${PRODUCT.name}` });
  await dialog.waitFor();
  return dialog;
}

describe.each(VIEWPORT_WIDTHS)('staff set a product’s hazard, VOC and transport data at %i px', (width) => {
  it(
    'refuse a VOC content over its limit on the field, then save valid safety data the API answers with',
    async () => {
      const page = await pages.keep({ width, reducedMotion: 'reduce' });
      await signInStaff(page, server, SUPER_ADMIN);
      let dialog = await openEditDialog(page);

      const pictograms = dialog.getByRole('group', { name: /^Hazard pictograms/ });
      await pictograms.getByRole('checkbox', { name: /Exclamation mark/ }).check();
      await pictograms.getByRole('checkbox', { name: /Environment/ }).check();
      await dialog.getByLabel(/^Signal word/).selectOption('Warning');
      const statements = dialog.getByLabel(/^Hazard and precautionary statements/);
      await statements.fill('h317, H411, P273 P280, p302 + p352, H999');
      // The official texts as typed; an unknown code is named as such.
      await dialog.getByText('May cause an allergic skin reaction.').waitFor();
      await dialog.getByText('IF ON SKIN: Wash with plenty of water', { exact: false }).waitFor();
      await dialog.getByText(/H999.*not in the statement table/).waitFor();
      await dialog.getByLabel(/^UFI/).fill(UFI.toLowerCase());
      await dialog.getByLabel(/^VOC subcategory/).selectOption('c');
      await dialog.getByText('EU limit (cat. A/c, water-borne, 2010): 40 g/l.', { exact: false }).waitFor();
      await dialog.getByLabel(/^VOC content/).fill('60');
      await dialog.getByLabel(/^UN number/).fill('3082');
      await dialog.getByLabel(/^Transport class/).fill('9');
      await dialog.getByLabel(/^Packing group/).selectOption('III');
      await dialog.getByRole('checkbox', { name: 'Limited quantity' }).check();
      await dialog.getByLabel(/^Net volume/).fill('18.9');
      await dialog.getByLabel(/^Gross weight/).fill('24.5');

      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await dialog.getByText('Unknown hazard or precautionary statement code: H999.').waitFor();
      await expect.poll(() => statements.getAttribute('aria-invalid')).toBe('true');
      await dialog.getByText(OVER_LIMIT).waitFor();
      await expect.poll(() => dialog.getByLabel(/^VOC content/).getAttribute('aria-invalid')).toBe('true');
      await shoot(page, `product-safety-refused-${width}`);
      await dialog.getByRole('checkbox', { name: 'Aerosol' }).scrollIntoViewIfNeeded();
      await shoot(page, `product-safety-voc-refused-${width}`);
      await expectAccessible(page, `the product dialog's safety fields refusing a VOC content at ${width} px`);

      await statements.fill('H317, H411, P273, P280, P302+P352');
      await dialog.getByLabel(/^VOC content/).fill('35');
      await dialog.getByText(OVER_LIMIT).waitFor({ state: 'detached' });
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText(ADMIN_CATALOG_MESSAGES.updated).waitFor();

      const response = await fetch(server.at(`/api/products/${PRODUCT.id}`));
      expect(response.status).toBe(200);
      const body = (await response.json()) as Record<string, unknown>;
      const product = (body.product ?? body) as { hazard: unknown; voc: unknown; dangerousGoods: unknown };
      expect(product.hazard).toEqual({
        pictograms: ['GHS07', 'GHS09'],
        signalWord: 'Warning',
        statements: [
          { code: 'H317', text: 'May cause an allergic skin reaction.' },
          { code: 'H411', text: 'Toxic to aquatic life with long lasting effects.' },
          { code: 'P273', text: 'Avoid release to the environment.' },
          { code: 'P280', text: expect.stringMatching(/^Wear protective gloves/) },
          { code: 'P302+P352', text: expect.stringMatching(/^IF ON SKIN: Wash with plenty of water/) },
        ],
        ufi: UFI,
      });
      expect(product.voc).toEqual({ subcategory: 'c', base: 'water', maxGramsPerLitre: 35, limitGramsPerLitre: 40 });
      expect(product.dangerousGoods).toEqual({ un: 'UN3082', class: '9', packingGroup: 'III', limitedQuantity: true, aerosol: false, netVolumeLitres: 18.9, grossWeightKg: 24.5 });

      // Reopened, the dialog shows what was saved; clearing every safety field removes the data.
      dialog = await openEditDialog(page);
      expect(await dialog.getByLabel(/^Hazard and precautionary statements/).inputValue()).toBe('H317, H411, P273, P280, P302+P352');
      expect(await dialog.getByLabel(/^UN number/).inputValue()).toBe('UN3082');
      await shoot(page, `product-safety-saved-${width}`);
      for (const name of [/Exclamation mark/, /Environment/]) await dialog.getByRole('group', { name: /^Hazard pictograms/ }).getByRole('checkbox', { name }).uncheck();
      await dialog.getByLabel(/^Signal word/).selectOption('');
      await dialog.getByLabel(/^Hazard and precautionary statements/).fill('');
      await dialog.getByLabel(/^UFI/).fill('');
      await dialog.getByLabel(/^VOC subcategory/).selectOption('');
      await dialog.getByLabel(/^VOC content/).fill('');
      for (const label of [/^UN number/, /^Transport class/, /^Net volume/, /^Gross weight/]) await dialog.getByLabel(label).fill('');
      await dialog.getByLabel(/^Packing group/).selectOption('');
      await dialog.getByRole('checkbox', { name: 'Limited quantity' }).uncheck();
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await dialog.waitFor({ state: 'detached' });
      const cleared = (await (await fetch(server.at(`/api/products/${PRODUCT.id}`))).json()) as Record<string, unknown>;
      const after = (cleared.product ?? cleared) as { hazard?: unknown; voc?: unknown; dangerousGoods?: unknown };
      expect(after.hazard ?? null).toBeNull();
      expect(after.voc ?? null).toBeNull();
      expect(after.dangerousGoods ?? null).toBeNull();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
