import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readJsonBody } from '../../../../src/server/http/body';
import { ApiError } from '../../../../src/server/http/errors';

const schema = z.object({ email: z.email('Please enter a valid email address.'), quantity: z.number().int().min(1) });

/** A POST request with a body and content type. */
function post(body: string, type = 'application/json'): Request {
  return new Request('http://shop.test/api/x', { method: 'POST', headers: { 'content-type': type }, body });
}

/** The ApiError a promise rejects with. */
async function errorOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected an ApiError');
}

describe('readJsonBody', () => {
  it('parses a valid body with the schema', async () => {
    expect(await readJsonBody(post('{"email":"a@b.co","quantity":2}'), schema)).toEqual({ email: 'a@b.co', quantity: 2 });
    expect(await readJsonBody(post('{"email":"a@b.co","quantity":2}', 'application/json; charset=utf-8'), schema)).toBeTruthy();
  });

  it('answers 415 for another content type', async () => {
    const error = await errorOf(readJsonBody(post('email=a', 'application/x-www-form-urlencoded'), schema));
    expect([error.status, error.code]).toEqual([415, 'unsupported_media_type']);
  });

  it('answers 400 for a body that is not JSON or not UTF-8', async () => {
    expect((await errorOf(readJsonBody(post('{"email":'), schema))).status).toBe(400);
    const latin1 = new Request('http://shop.test/api/x', { method: 'POST', headers: { 'content-type': 'application/json' }, body: new Uint8Array([0x22, 0xe9, 0x22]) });
    expect((await errorOf(readJsonBody(latin1, schema))).code).toBe('bad_json');
  });

  it('answers 413 past the limit', async () => {
    const error = await errorOf(readJsonBody(post(`{"email":"${'a'.repeat(2000)}"}`), schema, { maxBytes: 1000 }));
    expect([error.status, error.code]).toEqual([413, 'payload_too_large']);
  });

  it('answers 422 with the first message of each field', async () => {
    const error = await errorOf(readJsonBody(post('{"email":"nope","quantity":0}'), schema));
    expect(error.status).toBe(422);
    expect(error.toBody().error).toMatchObject({ code: 'invalid_fields', message: 'Please enter a valid email address.' });
    expect(Object.keys(error.fields!)).toEqual(['email', 'quantity']);
  });
});
