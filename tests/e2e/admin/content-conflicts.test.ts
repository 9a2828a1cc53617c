// Editors and staff change one price each (issue #28): a product manager had changed two prices in
// the back office when an editor changed the same two prices, and a third product's price, in
// content/ (a scratch copy, CONTENT_DIR). After the restart the editor's uncontested price is live,
// and Products says '2 content changes need a decision', showing the value when last synced, the
// editor's and the live one. At 375 px the list folds and opens again, checked by axe; at 1440 px
// staff keep the live price of one and take the editor's of the other, and the shopper's product
// page shows what they decided.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/lib/schemas/catalog';
import { expectAccessible } from '../../helpers/axe';
import { startBuiltServer, type RunningServer } from '../../helpers/server';
import { JOURNEY_TIMEOUT_MS, shoot, signInStaff, SUPER_ADMIN, useBrowserPages, waitForIsland, type AdminServer } from './admin-helpers';

const FILE = 'diamond-collection.json';
const KEPT = 'dc-ultra-interior-flat-1g';
const TAKEN = 'dc-ultra-interior-satin-1g';
const EDITORS_ONLY = 'dc-ultra-interior-eggshell-5g';

const pages = useBrowserPages();
let scratch = '';
let running: RunningServer | undefined;
const server: AdminServer = {
  at: (path) => `${running!.url}${path}`,
  get dbFile() {
    return join(scratch, 'shop.db');
  },
  get mailDir() {
    return join(scratch, 'mail');
  },
};

/** Starts the built server on the scratch database and content. */
function start(): Promise<RunningServer> {
  return startBuiltServer({
    env: {
      DATABASE_URL: `file:${join(scratch, 'shop.db')}`,
      CONTENT_DIR: join(scratch, 'content'),
      MAIL_DIR: join(scratch, 'mail'),
      MEDIA_DIR: join(scratch, 'media'),
      SHOP_DEMO: '1',
      PASSWORD_WAIT_MS: '120000',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
  });
}

/** Sets a product's price through the back-office API, as the product dialog does. */
async function staffSetPrice(cookie: string, id: string, price: number): Promise<void> {
  const origin = server.at('');
  const product = (await (await fetch(server.at(`/api/admin/products/${id}`), { headers: { cookie, origin } })).json()) as Record<string, unknown>;
  const saved = await fetch(server.at(`/api/admin/products/${id}`), { method: 'PUT', headers: { cookie, origin, 'content-type': 'application/json' }, body: JSON.stringify({ ...product, price }) });
  expect(saved.status, await saved.text()).toBe(200);
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'graphene-content-'));
  cpSync(join(process.cwd(), 'content'), join(scratch, 'content'), { recursive: true });
  running = await start();
  const login = await fetch(server.at('/api/admin/auth/login'), {
    method: 'POST',
    headers: { origin: server.at(''), 'content-type': 'application/json' },
    body: JSON.stringify({ email: SUPER_ADMIN.email, password: SUPER_ADMIN.password }),
  });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';', 1)[0]).join('; ');
  await staffSetPrice(cookie, KEPT, 45.99);
  await staffSetPrice(cookie, TAKEN, 51.99);
  await running.stop();
  // The editor's commit.
  const path = join(scratch, 'content', 'products', FILE);
  const list = JSON.parse(readFileSync(path, 'utf8')) as Product[];
  const prices: Record<string, number> = { [KEPT]: 52.99, [TAKEN]: 58.99, [EDITORS_ONLY]: 244.99 };
  writeFileSync(path, `${JSON.stringify(list.map((p) => (p.id in prices ? { ...p, price: prices[p.id]! } : p)), null, 2)}\n`);
  running = await start();
}, JOURNEY_TIMEOUT_MS * 2);

afterAll(async () => {
  await running?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** The live price of a product as the shop's API answers it. */
async function livePrice(id: string): Promise<number> {
  const body = (await (await fetch(server.at(`/api/products?ids=${id}`))).json()) as { products: Product[] };
  return body.products[0]!.price;
}

describe('content changes that need a decision', () => {
  it('applies the editor\u2019s uncontested price at the restart', async () => {
    expect(await livePrice(EDITORS_ONLY)).toBe(244.99);
    expect(await livePrice(KEPT)).toBe(45.99);
    expect(await livePrice(TAKEN)).toBe(51.99);
  });

  it('at 375 px: the list folds under its count and opens again, and is accessible', async () => {
    const page = await pages.open({ width: 375 });
    await signInStaff(page, server, SUPER_ADMIN);
    await page.goto(server.at('/admin/dashboard/products'));
    const heading = page.getByRole('heading', { name: '2 content changes need a decision' });
    await heading.waitFor();
    await waitForIsland(heading);
    // Two conflicts: shown at once; the fold is for longer lists.
    const panel = page.getByRole('region', { name: '2 content changes need a decision' });
    await expect.poll(() => panel.getByRole('button', { name: 'Keep live' }).count()).toBe(2);
    await shoot(page, 'content-conflicts-375');
    await page.getByRole('button', { name: 'Hide' }).click();
    await shoot(page, 'content-conflicts-folded-375');
    await expect.poll(() => panel.getByRole('button', { name: 'Keep live' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Review all 2' }).click();
    const kept = panel.getByRole('listitem').filter({ hasText: 'Flat Matt' });
    await expect.poll(() => kept.innerText()).toMatch(/When last synced\s*\$49\.99[\s\S]*Editor's \(content\/\)\s*\$52\.99[\s\S]*Live in the shop\s*\$45\.99/i);
    await expectAccessible(page, 'the content conflicts at 375 px');
  }, JOURNEY_TIMEOUT_MS);

  it('at 1440 px: staff keep one live price and take the editor\u2019s other; the product pages follow', async () => {
    const page = await pages.open({ width: 1440 });
    await signInStaff(page, server, SUPER_ADMIN);
    await page.goto(server.at('/admin/dashboard/products'));
    const panel = page.getByRole('region', { name: /content changes? needs? a decision/ });
    await panel.waitFor();
    await waitForIsland(panel);
    await shoot(page, 'content-conflicts-1440');
    await page.goto(server.at('/admin/dashboard'));
    await page.getByText('Content sync').first().waitFor();
    await shoot(page, 'overview-content-sync-1440');
    await page.goto(server.at('/admin/dashboard/products'));
    await panel.waitFor();
    await waitForIsland(panel);
    await panel.getByRole('listitem').filter({ hasText: 'Flat Matt' }).getByRole('button', { name: 'Keep live' }).click();
    await page.getByText('Kept the live value.').waitFor();
    await page.getByRole('heading', { name: '1 content change needs a decision' }).waitFor();
    await panel.getByRole('listitem').filter({ hasText: 'Satin' }).getByRole('button', { name: "Take content's" }).click();
    await page.getByText("Took the editor's value.").waitFor();
    await expect.poll(() => panel.count()).toBe(0);
    expect(await livePrice(KEPT)).toBe(45.99);
    expect(await livePrice(TAKEN)).toBe(58.99);
    const slug = ((await (await fetch(server.at(`/api/products?ids=${TAKEN}`))).json()) as { products: Product[] }).products[0]!.slug;
    await page.goto(server.at(`/shop/${slug}`));
    await expect.poll(() => page.getByRole('main').innerText()).toContain('$58.99');
  }, JOURNEY_TIMEOUT_MS);
});
