import { chromium } from 'playwright-core';
import { randomUUID } from 'node:crypto';
const base = 'http://127.0.0.1:4781';
for (let i = 0; i < 60; i++) { try { if ((await fetch(base + '/api/health')).ok) break; } catch {} await new Promise((r) => setTimeout(r, 1000)); }
const catalog = await (await fetch(base + '/api/catalog')).json();
const sellable = catalog.products.filter((p) => p.inStock && !p.requestQuoteOnly);
const login = await fetch(base + '/api/admin/auth/login', { method: 'POST', headers: { origin: base, 'content-type': 'application/json' }, body: JSON.stringify({ email: 'orders@example.com', password: 'Demo-Orders-2026' }) });
const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
if (process.argv[2] !== 'noseed') for (let i = 0; i < 8; i++) {
  const r = await fetch(base + '/api/orders', { method: 'POST', headers: { origin: base, 'content-type': 'application/json' }, body: JSON.stringify({ idempotencyKey: randomUUID(), items: [{ productId: sellable[i % 5].id, quantity: 1 + (i % 3) }], customer: { firstName: ['Amelia','Bogdan','Chloé','Dmitri'][i%4], lastName: 'Hartley', email: `b${i}@example.com`, phone: '07700 900123' }, shippingAddress: { address: '1 High St', city: 'London', postalCode: 'NW1 6XE', country: 'United Kingdom' }, payment: { cardName: 'A H', brand: 'visa', last4: '4242', expiryDate: '12/30' } }) });
  const o = await r.json();
  if (i % 4 !== 3) await fetch(base + `/api/admin/orders/${o.id}/${i % 4 === 2 ? 'decline' : 'approve'}`, { method: 'POST', headers: { origin: base, cookie, 'content-type': 'application/json' }, body: JSON.stringify({ reason: 'Address could not be verified' }) });
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox'] });
for (const [path, width, name] of [['/admin/dashboard', 1440, 'overview-1440'], ['/admin/dashboard', 375, 'overview-375'], ['/admin/dashboard/analytics', 1440, 'analytics-1440'], ['/admin/dashboard/analytics?days=7', 375, 'analytics-375']]) {
  const page = await browser.newPage({ viewport: { width, height: 1000 } });
  page.on('console', (m) => m.type() === 'error' && console.log('console', m.text()));
  await page.goto(base + '/admin/login');
  await page.getByLabel('Email address').fill('admin@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Demo-Admin-2026');
  await page.waitForTimeout(1500);
  await page.getByRole('button', { name: 'Sign In to Admin Panel' }).click();
  await page.waitForURL(/dashboard/);
  await page.goto(base + path);
  await page.waitForTimeout(4000);
  await page.screenshot({ path: `/tmp/h13shots/${name}.png`, fullPage: true });
  await page.close();
}
await browser.close();
