import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECKOUT_ATTEMPT_KEY, CHECKOUT_DRAFT_KEY, CHECKOUT_SAVED_INFO_KEY, LAST_ORDER_KEY } from '../../../src/lib/constants';
import { ORDER_MESSAGES, type Order } from '../../../src/lib/schemas/order';
import {
  EMPTY_CHECKOUT,
  ensureAttemptKey,
  fetchOrder,
  finishCheckoutAttempt,
  placeOrder,
  readCheckoutDraft,
  readLastOrder,
  readSavedCheckoutInfo,
  rememberCheckoutInfo,
  rememberLastOrder,
  writeCheckoutDraft,
  type CheckoutValues,
} from '../../../src/stores/checkout';

/** A Storage kept in a Map, as the browser's behaves for strings. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  dump(): string {
    return JSON.stringify([...this.items]);
  }
}

const FILLED: CheckoutValues = {
  ...EMPTY_CHECKOUT,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '07700 900123',
  address: '12 Paint Works Lane',
  city: 'Bristol',
  postalCode: 'BS1 4DJ',
  cardName: 'A Lovelace',
  cardNumber: '4242 4242 4242 4242',
  expiryDate: '12/30',
  cvv: '737',
  saveInfo: true,
};

let local: MemoryStorage;
let session: MemoryStorage;
beforeEach(() => {
  local = new MemoryStorage();
  session = new MemoryStorage();
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', session);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('checkout draft and saved details', () => {
  it('keeps the form and step for a reload in this tab, but never the card number or the CVV', () => {
    writeCheckoutDraft(3, FILLED);
    expect(session.dump()).not.toContain('4242');
    expect(session.dump()).not.toContain('737');
    const draft = readCheckoutDraft();
    expect(draft?.step).toBe(3);
    expect(draft?.values).toMatchObject({ firstName: 'Ada', cardName: 'A Lovelace', expiryDate: '12/30', saveInfo: true });
    expect(draft?.values).not.toHaveProperty('cardNumber');
    expect(draft?.values).not.toHaveProperty('cvv');
  });

  it('ignores a tampered draft: unknown step, card fields and wrong types are dropped', () => {
    session.setItem(CHECKOUT_DRAFT_KEY, JSON.stringify({ step: 9, values: { firstName: 42, cardNumber: '4242424242424242', cvv: '123', city: 'Leeds' } }));
    expect(readCheckoutDraft()).toEqual({ step: 1, values: { city: 'Leeds' } });
    session.setItem(CHECKOUT_DRAFT_KEY, '{not json');
    expect(readCheckoutDraft()).toBeNull();
  });

  it('saves contact and address on the device only when asked, nothing about the card', () => {
    rememberCheckoutInfo(FILLED, true);
    const saved = local.getItem(CHECKOUT_SAVED_INFO_KEY) ?? '';
    expect(saved).toContain('12 Paint Works Lane');
    expect(saved).not.toContain('A Lovelace');
    expect(saved).not.toContain('4242');
    expect(saved).not.toContain('12/30');
    expect(readSavedCheckoutInfo()).toEqual({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '07700 900123', address: '12 Paint Works Lane', city: 'Bristol', postalCode: 'BS1 4DJ' });
    rememberCheckoutInfo(FILLED, false);
    expect(local.getItem(CHECKOUT_SAVED_INFO_KEY)).toBeNull();
  });
});

describe('checkout attempt key', () => {
  it('is one key per attempt: the same until the order is placed, a new one after', () => {
    const key = ensureAttemptKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(ensureAttemptKey()).toBe(key);
    writeCheckoutDraft(2, FILLED);
    finishCheckoutAttempt();
    expect(session.getItem(CHECKOUT_ATTEMPT_KEY)).toBeNull();
    expect(session.getItem(CHECKOUT_DRAFT_KEY)).toBeNull();
    expect(ensureAttemptKey()).not.toBe(key);
  });
});

describe('last order', () => {
  it('remembers the summary of spec §3 with the e-mail', () => {
    rememberLastOrder({ orderNumber: 'ORD-12345678', customerName: 'Ada Lovelace', total: 202.76, estimatedDelivery: '2026-11-25', customerEmail: 'ada@example.com' } as Order);
    expect(JSON.parse(local.getItem(LAST_ORDER_KEY)!)).toEqual({ orderNumber: 'ORD-12345678', customerName: 'Ada Lovelace', total: 202.76, estimatedDelivery: '2026-11-25', email: 'ada@example.com' });
    expect(readLastOrder()?.email).toBe('ada@example.com');
  });
});

describe('placeOrder', () => {
  const body = { idempotencyKey: 'k'.repeat(20), items: [{ productId: 'p', quantity: 1 }] } as Parameters<typeof placeOrder>[0];
  const answer = (status: number, json: unknown) => vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } })));

  it('returns the order of a 201', async () => {
    answer(201, { orderNumber: 'ORD-12345678' });
    expect(await placeOrder(body)).toEqual({ ok: true, order: { orderNumber: 'ORD-12345678' } });
  });

  it('tells an unavailable product (409) from invalid fields (422) from anything else', async () => {
    answer(409, { error: { code: 'conflict', message: `${ORDER_MESSAGES.unavailable} Old Primer` } });
    expect(await placeOrder(body)).toEqual({ ok: false, kind: 'unavailable', message: `${ORDER_MESSAGES.unavailable} Old Primer` });
    answer(422, { error: { code: 'invalid_fields', message: ORDER_MESSAGES.postalCode, fields: { 'shippingAddress.postalCode': ORDER_MESSAGES.postalCode } } });
    expect(await placeOrder(body)).toEqual({ ok: false, kind: 'invalid', message: ORDER_MESSAGES.postalCode, fields: { 'shippingAddress.postalCode': ORDER_MESSAGES.postalCode } });
    answer(500, { error: { code: 'internal', message: 'boom' } });
    expect(await placeOrder(body)).toEqual({ ok: false, kind: 'failed', message: ORDER_MESSAGES.orderFailed });
  });

  it('reports a network failure as failed, without throwing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await placeOrder(body)).toEqual({ ok: false, kind: 'failed', message: ORDER_MESSAGES.orderFailed });
  });
});

describe('fetchOrder', () => {
  const order: Order = {
    id: 'o1', orderNumber: 'ORD-12345678', customerEmail: 'ada@example.com', customerName: 'Ada Lovelace',
    items: [{ product: { id: 'p', name: 'Primer', price: 20, image: '/p.svg', category: 'Zinsser' }, quantity: 1, price: 20 }],
    shippingAddress: { firstName: 'Ada', lastName: 'Lovelace', address: '1 Lane', city: 'Bristol', postalCode: 'BS1 4DJ', country: 'United Kingdom', phone: '07700900123' },
    subtotal: 20, shipping: 9.99, tax: 4, total: 33.99, status: 'pending', paymentStatus: 'pending', paymentMethod: { brand: 'visa', last4: '4242' },
    payment: { method: 'bank_transfer', status: 'pending', authorisedCents: 0, capturedCents: 0, refundedCents: 0, outstandingCents: 3399, reference: 'ORD-12345678' },
    invoice: null,
    estimatedDelivery: '2026-11-25', notes: 'Payment method: Visa •••• 4242', createdAt: '2026-11-22T10:00:00.000Z', updatedAt: '2026-11-22T10:00:00.000Z',
  };

  it('asks with the e-mail when known, and without it otherwise (the session may still own the order)', async () => {
    const fetchMock = vi.fn(async (_url: string) => new Response(JSON.stringify(order), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await fetchOrder('ORD-12345678', 'a+b@example.com')).toEqual({ ok: true, order });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/orders/ORD-12345678?email=a%2Bb%40example.com');
    await fetchOrder('ORD-12345678', null);
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/orders/ORD-12345678');
  });

  it('passes a refusal through and treats an answer off the contract as a failure', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"error":{}}', { status: 404 })));
    expect(await fetchOrder('ORD-12345678', 'x@example.com')).toEqual({ ok: false, status: 404 });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ ...order, paymentMethod: undefined }), { status: 200 })));
    expect(await fetchOrder('ORD-12345678', 'x@example.com')).toEqual({ ok: false, status: 500 });
  });
});
