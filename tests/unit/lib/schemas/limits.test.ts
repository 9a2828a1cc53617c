// Walks every input schema (the bodies the API reads and the forms send) and pushes each field past
// its upper limit: the answer must be the field's own message, one a person can act on, never a raw
// zod text and never the message of another rule (a 121-character name once read "at least 2").
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ADMIN_MESSAGES, adminSignInSchema, declineOrderSchema, orderStatusChangeSchema, staffCreateSchema } from '../../../../src/lib/schemas/admin';
import { AUTH_MESSAGES, forgotPasswordSchema, resetPasswordSchema, signInSchema, signUpSchema } from '../../../../src/lib/schemas/auth';
import { contactMessageInputSchema, ENQUIRY_MESSAGES, isValidContactPhone, quoteRequestInputSchema } from '../../../../src/lib/schemas/enquiries';
import { ORDER_MESSAGES, orderInputSchema } from '../../../../src/lib/schemas/order';
import { TINT_MESSAGES } from '../../../../src/lib/schemas/tinting';

type Schema = z.ZodType;
type Path = (string | number)[];
interface Limit {
  path: Path;
  kind: 'string' | 'array' | 'number';
  max: number;
}

/** The zod 4 definition of a schema. */
const defOf = (schema: Schema) => (schema as unknown as { _zod: { def: Record<string, any> } })._zod.def;

/** Every upper limit (string length, list length, number maximum) of a schema, with the path of its field. */
function findLimits(schema: Schema, path: Path = []): Limit[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, Schema>).flatMap(([key, field]) => findLimits(field, [...path, key]));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
      return findLimits(def.innerType, path);
    case 'pipe':
      return [...findLimits(def.in, path), ...findLimits(def.out, path)];
    case 'array': {
      const own = (def.checks ?? []).filter((c: any) => c._zod.def.check === 'max_length').map((c: any) => ({ path, kind: 'array' as const, max: c._zod.def.maximum }));
      return [...own, ...findLimits(def.element, [...path, 0])];
    }
    case 'string':
      return (def.checks ?? []).filter((c: any) => c._zod.def.check === 'max_length').map((c: any) => ({ path, kind: 'string' as const, max: c._zod.def.maximum }));
    case 'number':
      return (def.checks ?? [])
        .filter((c: any) => c._zod.def.check === 'less_than')
        .map((c: any) => ({ path, kind: 'number' as const, max: c._zod.def.value }));
    default:
      return [];
  }
}

/** A copy of `value` with the field at `path` replaced. */
function withField(value: unknown, path: Path, replace: (current: unknown) => unknown): unknown {
  if (path.length === 0) return replace(value);
  const [head, ...rest] = path;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[head!] = withField(copy[head!], rest, replace);
  return copy;
}

/** Every text the shop itself says about a field. */
const OWN_MESSAGES = new Set<string>([AUTH_MESSAGES, ORDER_MESSAGES, TINT_MESSAGES, ENQUIRY_MESSAGES, ADMIN_MESSAGES].flatMap((m) => Object.values(m)));
const RAW_ZOD = /^(Too (big|small)|Invalid (input|string|type|option|element)|Expected|Unrecognized)/;

const order = {
  idempotencyKey: 'limits-test-key-0001',
  items: [{ productId: 'dc-ultra-interior-eggshell', quantity: 1 }],
  customer: { firstName: 'Sarah', lastName: 'Mitchell', email: 'sarah@example.com', phone: '07700 900123' },
  shippingAddress: { address: '221B Baker Street', city: 'London', postalCode: 'NW1 6XE', country: 'United Kingdom' },
  payment: { cardName: 'SARAH MITCHELL', brand: 'visa', last4: '4242', expiryDate: '12/30' },
};
const password = 'Graphene!Primer#88';

/** Each input schema with a valid body. */
const SCHEMAS: [string, Schema, unknown][] = [
  ['sign-up', signUpSchema, { fullName: 'Sarah Mitchell', email: 'sarah@example.com', phone: '+12145550101', dateOfBirth: '1988-04-12', password, confirmPassword: password, acceptTerms: true }],
  ['sign-in', signInSchema, { email: 'sarah@example.com', password, remember: false }],
  ['forgot password', forgotPasswordSchema, { email: 'sarah@example.com' }],
  ['reset password', resetPasswordSchema, { token: 'a'.repeat(43), password, confirmPassword: password }],
  ['order', orderInputSchema, order],
  ['contact', contactMessageInputSchema, { name: 'Sarah Mitchell', email: 'sarah@example.com', phone: '020 7946 0958', subject: 'Floor coating', message: 'Which primer suits a garage floor?' }],
  ['quote', quoteRequestInputSchema, { productId: 'dc-ultra-interior-eggshell', name: 'Sarah Mitchell', email: 'sarah@example.com', phone: '+44 20 7946 0958', quantity: 40, message: 'Forty pails, please.' }],
  ['admin sign-in', adminSignInSchema, { email: 'admin@example.com', password }],
  ['decline', declineOrderSchema, { reason: 'Address outside our delivery area' }],
  ['status change', orderStatusChangeSchema, { status: 'shipped', notes: 'Left at reception', carrier: 'DPD', trackingNumber: '15501234' }],
  ['new staff', staffCreateSchema, { email: 'omar@example.com', name: 'Omar Reyes', role: 'order_manager', password }],
];

describe('every input schema past its limits', () => {
  for (const [name, schema, valid] of SCHEMAS) {
    it(`${name}: the valid body passes and each field past its maximum gets its own message`, () => {
      expect(schema.safeParse(valid).success, JSON.stringify(schema.safeParse(valid).error?.issues)).toBe(true);
      const limits = findLimits(schema);
      for (const limit of limits) {
        const tooMuch = withField(valid, limit.path, (current) =>
          limit.kind === 'string' ? 'a'.repeat(limit.max + 1) : limit.kind === 'array' ? Array.from({ length: limit.max + 1 }, () => (current as unknown[])[0]) : limit.max + 1,
        );
        const result = schema.safeParse(tooMuch);
        const label = `${name} ${limit.path.join('.')} > ${limit.max}`;
        expect(result.success, label).toBe(false);
        const issue = result.error!.issues.find((i) => i.path.join('.') === limit.path.join('.')) ?? result.error!.issues[0]!;
        expect(issue.message, label).not.toMatch(RAW_ZOD);
        expect(issue.message, label).not.toMatch(/at least|is required|empty/i);
        expect(OWN_MESSAGES.has(issue.message) || /^At most \d+ characters\.$/.test(issue.message), `${label}: "${issue.message}"`).toBe(true);
      }
    });
  }

  it('finds the limits it is meant to walk', () => {
    const paths = findLimits(orderInputSchema).map((l) => l.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['items', 'items.0.productId', 'customer.firstName']));
    expect(findLimits(signUpSchema).map((l) => l.path.join('.'))).toEqual(expect.arrayContaining(['fullName', 'password']));
  });

  it('says what is wrong with a 121-character name, 101 cart lines and an over-long product id', () => {
    const name = signUpSchema.safeParse({ ...(SCHEMAS[0]![2] as object), fullName: 'a'.repeat(121) });
    expect(name.error?.issues[0]?.message).toBe('Full name must be at most 120 characters.');
    const lines = orderInputSchema.safeParse({ ...order, items: Array.from({ length: 101 }, (_, i) => ({ productId: `p-${i}`, quantity: 1 })) });
    expect(lines.error?.issues[0]?.message).toBe(ORDER_MESSAGES.tooManyLines);
    const id = orderInputSchema.safeParse({ ...order, items: [{ productId: 'x'.repeat(201), quantity: 1 }] });
    expect(id.error?.issues[0]?.message).toBe(ORDER_MESSAGES.unknownProduct);
  });

  it('refuses arithmetic posing as a phone number and keeps real ones', () => {
    for (const bad of ['-2147483648/-1', '2147483648/-1', '1--2345678', '++447700900123', '0/0/0/0/0/0/0', '.0207946095']) expect(isValidContactPhone(bad), bad).toBe(false);
    for (const good of ['+44 (0)20 7946 0958', '(214) 555-0101', '020 7946 0958', '+1-214-555-0101', '07700.900.123', '0044 20 7946 0958']) expect(isValidContactPhone(good), good).toBe(true);
  });
});
