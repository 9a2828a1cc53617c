// Staff see to a hazardous product's safety data sheet (issue 25 item 3), at a phone and a desktop
// width: the Products view's 'Safety data sheets' report lists a hazardous product without one; its
// button opens the product's dialog, where staff upload a real PDF with its revision date and
// language in the Documents group; the product leaves the report, and the product page's safety
// block and the shop's quick view link the sheet (served as a PDF) with its revision date and language. axe checks the
// report, the dialog's Documents group and the product page. With ADMIN_SHOTS_DIR set, PNGs are saved.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../../helpers/axe';
import { VIEWPORT_WIDTHS } from '../../helpers/browser';
import { productList, searchBox, waitForShop } from '../shop/shop-helpers';
import { JOURNEY_TIMEOUT_MS, shoot, signInStaff, SUPER_ADMIN, useAdminServer, useBrowserPages, waitForIsland } from './admin-helpers';

const server = useAdminServer();
const pages = useBrowserPages();

/** Hazardous products of the catalogue without a data sheet, one per width. */
const PRODUCTS = {
  375: { name: 'Premera 100% Solids Epoxy Floor Coating 3 gal Kit', slug: 'premera-100-solids-epoxy-floor-3g-kit' },
  1440: { name: 'Premera Polyaspartic Clear Topcoat 1 gal Kit', slug: 'premera-polyaspartic-clear-topcoat-1g-kit' },
} as const;

/** A real one-page PDF. */
async function safetySheetPdf(title: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText(`SAFETY DATA SHEET: ${title}`, { x: 40, y: 790, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

describe.each(VIEWPORT_WIDTHS)('staff add a safety data sheet from the report at %i px', (width) => {
  it(
    'upload a PDF in the product dialog; the report drops the product and its page links the sheet',
    async () => {
      const product = PRODUCTS[width];
      const page = await pages.keep({ width, reducedMotion: 'reduce' });
      await signInStaff(page, server, SUPER_ADMIN);
      await page.goto(server.at('/admin/dashboard/products?section=safety'), { waitUntil: 'domcontentloaded' });
      await waitForIsland(page.getByRole('main'));
      const report = page.getByRole('region', { name: /need a safety data sheet/ });
      await report.waitFor();
      const add = report.getByRole('button', { name: `Add safety data sheet for ${product.name}` });
      await add.waitFor();
      expect(await report.getByText('No safety data sheet').count()).toBeGreaterThan(0);
      await shoot(page, `safety-documents-report-${width}`);
      await expectAccessible(page, `the safety data sheet report at ${width} px`);

      await add.click();
      const dialog = page.getByRole('dialog', { name: `Edit ${product.name}` });
      await dialog.waitFor();
      const sds = dialog.getByRole('group', { name: 'Safety data sheet' });
      await sds.getByText('No safety data sheet yet.').waitFor();
      await sds.getByLabel('PDF file').setInputFiles({ name: 'sds.pdf', mimeType: 'application/pdf', buffer: await safetySheetPdf(product.name) });
      await sds.getByLabel('Revision date').fill('2025-03-12');
      await sds.getByLabel(/^Language/).fill('en');
      await sds.getByRole('button', { name: 'Upload safety data sheet' }).click();
      const current = sds.getByRole('link', { name: 'Current safety data sheet (PDF)' });
      await current.waitFor();
      await sds.getByText('Revised 12 March 2025 · English').waitFor();
      await sds.scrollIntoViewIfNeeded();
      await shoot(page, `safety-documents-dialog-${width}`);
      await expectAccessible(page, `the product dialog's Documents group at ${width} px`);
      const href = await current.getAttribute('href');
      expect(href).toMatch(/^\/media\/[0-9a-f]{32}\.pdf$/);

      // Saving the dialog after the upload is not refused as stale: the upload handed back the new version.
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await dialog.waitFor({ state: 'detached' });
      await report.getByRole('button', { name: `Add safety data sheet for ${product.name}` }).waitFor({ state: 'detached' });

      await page.goto(server.at(`/shop/${product.slug}`), { waitUntil: 'load' });
      const safety = page.getByRole('region', { name: 'Safety information' });
      await safety.waitFor();
      const link = safety.getByRole('link', { name: 'Safety data sheet (PDF)' });
      expect(await link.getAttribute('href')).toBe(href);
      expect(await safety.getByText('Revised 12 March 2025 · English').isVisible()).toBe(true);
      await link.scrollIntoViewIfNeeded();
      await shoot(page, `safety-documents-product-page-${width}`);
      await expectAccessible(page, `the product page with its data sheet link at ${width} px`);
      const pdf = await fetch(server.at(href!));
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');

      // The shop's quick view links the same sheet in its safety block.
      await page.goto(server.at('/shop?view=products'), { waitUntil: 'load' });
      await waitForShop(page);
      await searchBox(page).fill(product.name);
      await productList(page).getByRole('link', { name: product.name }).first().click();
      const quick = page.getByRole('dialog', { name: product.name });
      const quickSheet = quick.getByRole('region', { name: 'Safety information' }).getByRole('link', { name: 'Safety data sheet (PDF)' });
      await quickSheet.waitFor();
      expect(await quickSheet.getAttribute('href')).toBe(href);
      await quick.getByText('Revised 12 March 2025 · English').waitFor();
      await quickSheet.scrollIntoViewIfNeeded();
      await shoot(page, `safety-documents-quick-view-${width}`);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
