import { describe, expect, it } from 'vitest';
import {
  checkoutInformationSchema,
  checkoutShippingSchema,
  computeEstimatedDelivery,
  normalizeOrderNumber,
  normalizePhone,
  normalizeUkPostcode,
  ORDER_MESSAGES,
  orderInputSchema,
} from '../../../../src/lib/schemas/order';

/** The message zod gives for one field of a failed parse. */
function messageOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) {
  return result.error?.issues.find((i) => i.path.join('.') === field)?.message;
}

const information = { firstName: 'Sarah', lastName: 'Mitchell', email: 'sarah@example.com', phone: '07700 900123' };
const shipping = { address: '10 Downing Street', city: 'London', postalCode: 'sw1a2aa', country: 'United Kingdom' };

describe('step 1, information', () => {
  it('accepts a UK mobile and trims names', () => {
    const parsed = checkoutInformationSchema.parse({ ...information, firstName: '  Sarah ' });
    expect(parsed.firstName).toBe('Sarah');
    expect(parsed.phone).toBe('07700900123');
  });
  it.each([
    ['firstName', { firstName: ' ' }, ORDER_MESSAGES.firstName],
    ['lastName', { lastName: '' }, ORDER_MESSAGES.lastName],
    ['email', { email: 'sarah@' }, 'Please enter a valid email address.'],
    ['phone', { phone: '12' }, 'Please enter a valid phone number.'],
    ['phone', { phone: '07700 900abc' }, 'Please enter a valid phone number.'],
  ])('refuses a bad %s with its message', (field, change, message) => {
    expect(messageOf(checkoutInformationSchema.safeParse({ ...information, ...change }), field)).toBe(message);
  });
  it('names every missing field at once', () => {
    const result = checkoutInformationSchema.safeParse({});
    expect(result.error?.issues.map((i) => i.path[0]).sort()).toEqual(['email', 'firstName', 'lastName', 'phone']);
  });
});

describe('phone numbers', () => {
  it.each([
    ['+44 7700 900123', '+447700900123'],
    ['(020) 7946 0958', '02079460958'],
    ['+1 (555) 010-4477', '+15550104477'],
  ])('reads %s', (typed, stored) => {
    expect(normalizePhone(typed)).toBe(stored);
  });
  it.each(['0', '+0 123 4567', '0770090', 'call me'])('refuses %s', (typed) => {
    expect(normalizePhone(typed)).toBeNull();
  });
});

describe('step 2, shipping', () => {
  it.each([
    ['sw1a2aa', 'SW1A 2AA'],
    ['M1 1AE', 'M1 1AE'],
    ['b33 8th', 'B33 8TH'],
    ['CR2 6XH', 'CR2 6XH'],
    ['DN55 1PT', 'DN55 1PT'],
    ['W1A 0AX', 'W1A 0AX'],
    ['EC1A 1BB', 'EC1A 1BB'],
    ['GIR 0AA', 'GIR 0AA'],
  ])('reads the postcode %s as %s', (typed, stored) => {
    expect(normalizeUkPostcode(typed)).toBe(stored);
  });
  it.each(['12345', 'SW1A', 'QQ1 1AA', 'SW1A 1CA', ''])('refuses the postcode %s', (typed) => {
    expect(messageOf(checkoutShippingSchema.safeParse({ ...shipping, postalCode: typed }), 'postalCode')).toBe(ORDER_MESSAGES.postalCode);
  });
  it('keeps the country to the United Kingdom', () => {
    expect(messageOf(checkoutShippingSchema.safeParse({ ...shipping, country: 'France' }), 'country')).toBe(ORDER_MESSAGES.country);
  });
  it('needs a street and a city', () => {
    const result = checkoutShippingSchema.safeParse({ ...shipping, address: '', city: '  ' });
    expect(messageOf(result, 'address')).toBe(ORDER_MESSAGES.address);
    expect(messageOf(result, 'city')).toBe(ORDER_MESSAGES.city);
  });
});

describe('POST /api/orders body', () => {
  const body = {
    idempotencyKey: 'b7c1e0b2-5d0e-4b8e-9f3e-1f2a3b4c5d6e',
    items: [{ productId: 'p-1', quantity: 2 }],
    customer: information,
    shippingAddress: shipping,
    payment: { cardName: 'S MITCHELL', brand: 'visa', last4: '4242', expiryDate: '12/30' },
  };
  it('accepts a whole order and normalises it', () => {
    const parsed = orderInputSchema.parse(body);
    expect(parsed.shippingAddress.postalCode).toBe('SW1A 2AA');
    expect(parsed.newsletter).toBe(false);
  });
  it('refuses an empty cart', () => {
    expect(messageOf(orderInputSchema.safeParse({ ...body, items: [] }), 'items')).toBe(ORDER_MESSAGES.emptyCart);
  });
  it('refuses zero, fractional and huge quantities', () => {
    for (const quantity of [0, 1.5, 1000]) {
      expect(messageOf(orderInputSchema.safeParse({ ...body, items: [{ productId: 'p-1', quantity }] }), 'items.0.quantity')).toBe(ORDER_MESSAGES.quantity);
    }
  });
  it('refuses a payment carrying anything but four digits', () => {
    const result = orderInputSchema.safeParse({ ...body, payment: { ...body.payment, last4: '4242424242424242' } });
    expect(messageOf(result, 'payment.last4')).toBe(ORDER_MESSAGES.payment);
  });
  it('drops a card number or CVV sent by mistake', () => {
    const parsed = orderInputSchema.parse({ ...body, payment: { ...body.payment, cardNumber: '4242424242424242', cvv: '123' } });
    expect(parsed.payment).not.toHaveProperty('cardNumber');
    expect(parsed.payment).not.toHaveProperty('cvv');
  });
  it('reads a missing payment, and the earlier checkout card summary, as a bank transfer', () => {
    const { payment: _payment, ...withoutPayment } = body;
    expect(orderInputSchema.parse(withoutPayment).payment).toEqual({ method: 'bank_transfer' });
    expect(orderInputSchema.parse({ ...body, payment: { method: 'bank_transfer' } }).payment).toEqual({ method: 'bank_transfer' });
    expect(orderInputSchema.parse(body).payment).toEqual({ method: 'bank_transfer', card: { cardName: 'S MITCHELL', brand: 'visa', last4: '4242', expiryDate: '12/30' } });
  });
  it('passes a card payment on to the card provider and refuses an unknown method', () => {
    expect(orderInputSchema.parse({ ...body, payment: { method: 'card', token: 'tok_1' } }).payment).toEqual({ method: 'card', token: 'tok_1' });
    expect(messageOf(orderInputSchema.safeParse({ ...body, payment: { method: 'cash' } }), 'payment.method')).toBe(ORDER_MESSAGES.paymentMethod);
  });
  it('refuses a short idempotency key', () => {
    expect(messageOf(orderInputSchema.safeParse({ ...body, idempotencyKey: 'abc' }), 'idempotencyKey')).toBe(ORDER_MESSAGES.idempotencyKey);
  });
});

describe('order numbers and dates', () => {
  it.each([
    ['ORD-12345678', 'ORD-12345678'],
    [' ord-12345678 ', 'ORD-12345678'],
    ['12345678', 'ORD-12345678'],
    ['ORD12345678', 'ORD-12345678'],
  ])('reads %s', (typed, canonical) => {
    expect(normalizeOrderNumber(typed)).toBe(canonical);
  });
  it.each(['ORD-1234567', 'ORD-123456789', 'XYZ-12345678', ''])('refuses %s', (typed) => {
    expect(normalizeOrderNumber(typed)).toBeNull();
  });
  it('estimates delivery 3 days after ordering', () => {
    expect(computeEstimatedDelivery(new Date('2026-11-29T23:30:00Z'))).toBe('2026-12-02');
  });
});
