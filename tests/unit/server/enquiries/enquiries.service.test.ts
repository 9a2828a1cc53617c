import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENQUIRY_MESSAGES } from '../../../../src/lib/schemas/enquiries';
import { seedCatalogFromContent } from '../../../../src/server/catalog/catalog.service';
import { openDatabase, type DatabaseHandle } from '../../../../src/server/db/connection';
import { migrateToLatest } from '../../../../src/server/db/migrate';
import { adminEnquiriesQuerySchema } from '../../../../src/lib/schemas/admin-enquiries';
import { CONTACT_ADDRESS_LIMIT, submitContactMessage, submitQuoteRequest } from '../../../../src/server/enquiries/enquiries.service';
import { listEnquiries, setEnquiryStatus } from '../../../../src/server/enquiries/enquiry-inbox.service';

const CONTENT = new URL('../../../../content', import.meta.url).pathname;
const message = (n: number) => ({ name: `Sender ${n}`, email: `sender${n}@example.com`, message: `Message number ${n} about paint.` });
const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 9, minute));
const staff = { id: null, name: 'Test Staff' };
const query = (search: Record<string, unknown> = {}) => adminEnquiriesQuerySchema.parse(search);

let handle: DatabaseHandle;
beforeEach(async () => {
  handle = openDatabase({ kind: 'sqlite', file: join(mkdtempSync(join(tmpdir(), 'shop-unit-db-')), 'shop.db') });
  await migrateToLatest(handle.db);
});
afterEach(async () => {
  await handle.close();
});

describe('contact messages', () => {
  it('lists newest first, filters by status, and a status change is one call', async () => {
    const first = await submitContactMessage(handle.db, message(1), { address: 'a', now: at(1) });
    await submitContactMessage(handle.db, message(2), { address: 'b', now: at(2) });
    await submitContactMessage(handle.db, message(3), { address: 'c', now: at(3) });
    expect((await listEnquiries(handle.db, 'messages', query())).messages.map((m) => m.name)).toEqual(['Sender 3', 'Sender 2', 'Sender 1']);
    expect(await setEnquiryStatus(handle.db, 'messages', first.id, 'handled', staff, at(10))).toMatchObject({ status: 'handled' });
    await expect(setEnquiryStatus(handle.db, 'messages', 'missing', 'handled', staff)).rejects.toMatchObject({ status: 404 });
    const handled = (await listEnquiries(handle.db, 'messages', query({ status: 'handled' }))).messages;
    expect(handled).toHaveLength(1);
    expect(handled[0]).toMatchObject({ id: first.id, status: 'handled', updatedAt: at(10).toISOString(), history: [{ action: 'handled', by: 'Test Staff' }] });
    expect((await listEnquiries(handle.db, 'messages', query({ status: 'new', pageSize: 1 }))).messages.map((m) => m.name)).toEqual(['Sender 3']);
  });

  it('refuses the message past the per-address limit, and the limit slides with time', async () => {
    for (let i = 0; i < CONTACT_ADDRESS_LIMIT.max; i++) await submitContactMessage(handle.db, message(i), { address: 'x', now: at(i) });
    await expect(submitContactMessage(handle.db, message(9), { address: 'x', now: at(5) })).rejects.toMatchObject({ status: 429 });
    // Ten minutes after the first one, one message is allowed again.
    await expect(submitContactMessage(handle.db, message(9), { address: 'x', now: at(10) })).resolves.toMatchObject({ status: 'new' });
  });
});

describe('quote requests', () => {
  it('keeps the product as it was, lists newest first and answers 404 for an unknown product', async () => {
    await seedCatalogFromContent(handle.db, CONTENT);
    const [product] = await handle.db.selectFrom('products').select(['id', 'name', 'sku']).orderBy('id').limit(1).execute();
    const request = await submitQuoteRequest(handle.db, { productId: product!.id, name: 'Tom Okafor', email: 'tom@example.com', quantity: 12 }, { now: at(1) });
    await handle.db.updateTable('products').set({ name: 'Renamed' }).where('id', '=', product!.id).execute();
    const [listed] = (await listEnquiries(handle.db, 'quotes', query())).quotes;
    expect(listed).toMatchObject({ id: request.id, product: { id: product!.id, name: product!.name, sku: product!.sku }, quantity: 12, status: 'new' });
    await setEnquiryStatus(handle.db, 'quotes', request.id, 'handled', staff);
    expect((await listEnquiries(handle.db, 'quotes', query({ status: 'handled' }))).quotes[0]!.id).toBe(request.id);
    await expect(submitQuoteRequest(handle.db, { productId: 'nope', name: 'Tom', email: 'tom@example.com' })).rejects.toMatchObject({
      status: 404,
      message: ENQUIRY_MESSAGES.productNotFound,
    });
    const outbox = await handle.db.selectFrom('outbox').select(['kind', 'to_address']).execute();
    expect(outbox).toEqual([{ kind: 'quote-received', to_address: 'tom@example.com' }]);
  });
});
