import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { BackupManifest } from '../../src/server/db/backup';
import { call, DEMO, staffSignIn, startShop } from './helpers/admin';
import { createTestDatabase, currentLane, ROOT } from './helpers/lane';
import { fetchProducts, orderBody, postOrder, setStock } from './helpers/orders';
import { startServer } from './helpers/server';

/** Runs `npm run <script>`'s command (tsx scripts/<file>.ts) without blocking the event loop: the load goes on meanwhile. */
function runScript(file: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), `scripts/${file}`, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run db:backup and db:restore', () => {
  it('backs up while orders are placed, restores into a fresh place, and the restored shop has every order confirmed before the backup began', async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'shop-backup-'));
    const mediaDir = join(scratch, 'media');
    const backupDir = join(scratch, 'backups');
    const shop = await startShop({ MEDIA_DIR: mediaDir });
    const confirmed: { id: string; orderNumber: string; at: number }[] = [];
    let stop = false;
    let refused = 0;
    let backedUp: { folder: string; manifest: BackupManifest; startedAt: number };
    try {
      const product = (await fetchProducts(shop.base)).find((p) => !p.requestQuoteOnly)!;
      await setStock(shop.db, product.id, 1_000_000);
      // An image in the media folder, stored as an upload is.
      const productManager = await staffSignIn(shop.base, DEMO.productManager.email, DEMO.productManager.password);
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } }).png().toBuffer();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'swatch.png');
      const uploaded = await fetch(`${shop.base}/api/admin/media`, { method: 'POST', headers: { origin: shop.base, cookie: productManager }, body: form });
      expect(uploaded.status).toBe(201);
      const image = (await uploaded.json()) as { url: string };

      // Four clients place orders one after another until told to stop; each confirmed one is kept with when its answer came.
      const clients = Array.from({ length: 4 }, async (_, client) => {
        while (!stop) {
          const response = await postOrder(shop.base, orderBody([{ productId: product.id, quantity: 1 }], { customer: { firstName: 'Load', lastName: `Client${client}`, email: `load.${client}@example.com`, phone: '07700 900123' } }));
          const body = (await response.json()) as { id: string; orderNumber: string };
          if (response.status === 201) confirmed.push({ id: body.id, orderNumber: body.orderNumber, at: Date.now() });
          else refused++;
        }
      });
      await expect.poll(() => confirmed.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(20);

      const startedAt = Date.now();
      const backup = await runScript('db-backup.ts', [], { DATABASE_URL: shop.db, MEDIA_DIR: mediaDir, BACKUP_DIR: backupDir });
      const during = confirmed.filter((o) => o.at > startedAt).length;
      expect(backup.code, backup.stderr).toBe(0);
      // Orders kept coming while the copy was made, and a few more after.
      const afterBackup = confirmed.length;
      await expect.poll(() => confirmed.length, { timeout: 30_000 }).toBeGreaterThan(afterBackup + 5);
      stop = true;
      await Promise.all(clients);
      expect(refused).toBe(0);
      const [folder] = readdirSync(backupDir);
      const manifest = JSON.parse(readFileSync(join(backupDir, folder!, 'manifest.json'), 'utf8')) as BackupManifest;
      backedUp = { folder: join(backupDir, folder!), manifest, startedAt };
      expect(backup.stdout).toContain(backedUp.folder);
      expect(manifest.database.kind).toBe(currentLane());
      expect(manifest.media).toMatchObject({ folder: 'media' });
      expect(manifest.media!.files).toBeGreaterThanOrEqual(1);
      console.info(`backup under load: ${manifest.database.orders} orders in the copy, ${confirmed.length} placed in all, ${during} confirmed while it ran`);

      // Every order confirmed before the backup began is in it; the copy holds no more than were placed.
      const before = confirmed.filter((o) => o.at < startedAt);
      expect(manifest.database.orders).toBeGreaterThanOrEqual(before.length);
      expect(manifest.database.orders).toBeLessThanOrEqual(confirmed.length);

      // Into a fresh place: an empty database and media folder.
      const restoredDb = currentLane() === 'sqlite' ? `file:${join(scratch, 'restored', 'shop.db')}` : await createTestDatabase();
      const restoredMedia = join(scratch, 'restored-media');
      const restore = await runScript('db-restore.ts', [backedUp.folder], { DATABASE_URL: restoredDb, MEDIA_DIR: restoredMedia });
      expect(restore.code, restore.stderr).toBe(0);
      // A second restore onto it is refused without --force, and goes through with it.
      const again = await runScript('db-restore.ts', [backedUp.folder], { DATABASE_URL: restoredDb, MEDIA_DIR: restoredMedia });
      expect(again.code).toBe(1);
      expect(again.stderr.trim()).toMatch(/pass --force to replace/);
      const forced = await runScript('db-restore.ts', [backedUp.folder, '--force'], { DATABASE_URL: restoredDb, MEDIA_DIR: restoredMedia });
      expect(forced.code, forced.stderr).toBe(0);

      const restored = await startServer({ env: { DATABASE_URL: restoredDb, MEDIA_DIR: restoredMedia, SHOP_DEMO: '1' } });
      try {
        const orderManager = await staffSignIn(restored.url, DEMO.orderManager.email, DEMO.orderManager.password);
        for (const order of before) {
          const response = await call(restored.url, `/api/admin/orders/${order.id}`, { cookie: orderManager });
          expect(response.status, `order ${order.orderNumber}`).toBe(200);
          expect(((await response.json()) as { orderNumber: string }).orderNumber).toBe(order.orderNumber);
        }
        const picture = await fetch(`${restored.url}${image.url}`);
        expect(picture.status).toBe(200);
        expect(picture.headers.get('content-type')).toBe('image/webp');
      } finally {
        await restored.stop();
      }
    } finally {
      stop = true;
      await shop.server.stop();
    }
  }, 180_000);

  it('refuses a folder that is not a finished backup', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'shop-not-a-backup-'));
    const result = await runScript('db-restore.ts', [empty], { DATABASE_URL: `file:${join(empty, 'shop.db')}`, MEDIA_DIR: join(empty, 'media') });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(`${empty} is not a finished backup (no readable manifest.json).`);
  });
});
