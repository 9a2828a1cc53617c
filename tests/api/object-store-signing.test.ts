// Our requests to object storage are signed as S3 checks them (issue #29). s3rver, the suite's
// S3-compatible server, does not check Signature Version 4 at all (its source says so: any secret is
// accepted), so a proxy in front of it checks each request the way S3 does, with the AWS SDK's own
// signer (@smithy/signature-v4) and the bucket's real secret, and refuses a mismatch with S3's 403
// SignatureDoesNotMatch; what passes goes on to s3rver, which gives the answers. Every call of
// the store goes through it: put, get, head, list, delete and the multipart upload of a stream.
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { SignatureV4 } from '@smithy/signature-v4';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/server/config';
import { s3SettingsOf } from '../../src/server/media/media.storage';
import { createS3Client, S3ObjectStore } from '../../src/server/storage/object-store';
import { createTestBucket } from './helpers/media-store';

/** The secret the bucket's owner holds (s3rver's built-in account). */
const SECRET = 'S3RVER';

/** Bytes the signer hands over (a string, a buffer or a view of one). */
type SourceData = string | ArrayBuffer | ArrayBufferView;
const bytesOf = (data: SourceData) => (typeof data === 'string' ? data : ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : new Uint8Array(data));

/** SHA-256 (or its HMAC with a key) over node:crypto, in the shape the signer takes. */
class NodeSha256 {
  private readonly hash;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytesOf(secret));
  }
  update(data: SourceData): void {
    this.hash.update(bytesOf(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}

/** '20261129T041500Z' as a Date. */
function parseAmzDate(value: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) throw new Error(`not an x-amz-date: ${value}`);
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
}

/** Why a request's signature is not what S3 would compute with `secret`, or '' when it is. */
async function checkSignature(req: IncomingMessage, body: Buffer, secret: string): Promise<string> {
  const authorization = String(req.headers.authorization ?? '');
  const parsed = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(authorization);
  if (!parsed) return `not a Signature Version 4 header: ${authorization || '(none)'}`;
  const [, accessKeyId, , region, signedHeaders] = parsed;
  const headers: Record<string, string> = {};
  for (const name of signedHeaders!.split(';')) {
    const value = req.headers[name];
    if (value === undefined) return `signed header ${name} is missing`;
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  // The payload hash the signature covers must be the body's (S3 checks it too).
  const payloadHash = headers['x-amz-content-sha256'];
  if (payloadHash && payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== createHash('sha256').update(body).digest('hex')) return 'x-amz-content-sha256 is not the hash of the body';
  const url = new URL(req.url ?? '/', 'http://placeholder');
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length === 1 ? values[0]! : values;
  }
  const signer = new SignatureV4({ credentials: { accessKeyId: accessKeyId!, secretAccessKey: secret }, region: region!, service: 's3', sha256: NodeSha256, uriEscapePath: false, applyChecksum: false });
  const [hostname, port] = (headers.host ?? '').split(':');
  const signed = await signer.sign(
    { method: req.method!, protocol: 'http:', hostname: hostname!, port: port ? Number(port) : undefined, path: decodeURIComponent(url.pathname), query, headers },
    { signingDate: parseAmzDate(headers['x-amz-date'] ?? '') },
  );
  return signed.headers.authorization === authorization ? '' : 'the signature differs from the one computed with the secret';
}

/** The checking proxy: counts what it passed and refused, by method. */
interface SigningProxy {
  endpoint: string;
  passed: string[];
  refused: string[];
  server: Server;
}

/** Starts a proxy to `upstream` that lets through only requests signed with `secret`. */
async function startSigningProxy(upstream: string, secret: string): Promise<SigningProxy> {
  const target = new URL(upstream);
  const proxy: SigningProxy = { endpoint: '', passed: [], refused: [], server: createServer() };
  proxy.server.on('request', (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      const what = `${req.method} ${new URL(req.url ?? '/', 'http://x').search || new URL(req.url ?? '/', 'http://x').pathname}`;
      const problem = await checkSignature(req, body, secret).catch((err: Error) => `could not check: ${err.message}`);
      if (problem) {
        proxy.refused.push(`${what}: ${problem}`);
        res.writeHead(403, { 'content-type': 'application/xml' });
        res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>SignatureDoesNotMatch</Code><Message>${problem}</Message></Error>`);
        return;
      }
      proxy.passed.push(what);
      const forward = httpRequest({ hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      forward.on('error', (err) => res.writeHead(502).end(err.message));
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
  proxy.endpoint = `http://127.0.0.1:${(proxy.server.address() as { port: number }).port}`;
  return proxy;
}

let proxy: SigningProxy;
let env: Record<string, string>;

beforeAll(async () => {
  env = await createTestBucket();
  proxy = await startSigningProxy(env.S3_ENDPOINT!, SECRET);
});

afterAll(async () => {
  await new Promise<void>((resolve) => proxy?.server.close(() => resolve()));
});

/** The store as the server builds it from settings, pointed at the proxy, with `secret`. */
function storeWith(secret: string): S3ObjectStore {
  const config = parseConfig({ ...env, S3_ENDPOINT: proxy.endpoint, S3_SECRET_ACCESS_KEY: secret });
  return new S3ObjectStore(createS3Client(s3SettingsOf(config)), config.S3_BUCKET, 'media/');
}

describe('requests to object storage', () => {
  it('are signed as S3 checks them: put, get, head, list, a multipart upload of a stream and delete all pass the check', async () => {
    const store = storeWith(SECRET);
    const name = `signed-${randomBytes(4).toString('hex')}.webp`;
    const bytes = new Uint8Array(randomBytes(2048));
    await store.put(name, bytes, { contentType: 'image/webp', cacheControl: 'public, max-age=31536000, immutable' });
    expect((await buffer((await store.get(name))!.body)).equals(Buffer.from(bytes))).toBe(true);
    expect(await store.head(name)).toMatchObject({ size: 2048 });
    const listed: string[] = [];
    for await (const info of store.list()) listed.push(info.name);
    expect(listed).toContain(name);
    // Over one part (5 MB): CreateMultipartUpload, two UploadPart and CompleteMultipartUpload, each signed.
    const big = randomBytes(6 * 1024 * 1024);
    await store.putStream(`stream-${name}`, Readable.from([big.subarray(0, 3 * 1024 * 1024), big.subarray(3 * 1024 * 1024)]), { contentType: 'text/csv' });
    expect((await buffer((await store.get(`stream-${name}`))!.body)).equals(big)).toBe(true);
    await store.delete(name);
    await store.delete(`stream-${name}`);
    expect(await store.head(name)).toBeUndefined();
    expect(proxy.refused).toEqual([]);
    expect(proxy.passed.some((w) => w.startsWith('POST ?uploads'))).toBe(true);
    expect(proxy.passed.filter((w) => w.startsWith('PUT ?partNumber=')).length).toBe(2);
    expect(proxy.passed.length).toBeGreaterThanOrEqual(10);
    store.client.destroy();
  });

  it('signed with a wrong secret are refused by the check, and nothing is stored', async () => {
    const store = storeWith('not-the-secret');
    const name = `unsigned-${randomBytes(4).toString('hex')}.webp`;
    const refusedBefore = proxy.refused.length;
    await expect(store.put(name, new Uint8Array(16), { contentType: 'image/webp' })).rejects.toMatchObject({ name: 'ObjectStoreError' });
    expect(proxy.refused.length).toBeGreaterThan(refusedBefore);
    expect(proxy.refused.at(-1)).toContain('the signature differs');
    store.client.destroy();
    // Straight to s3rver (which would have taken it): the object is not there.
    const direct = createS3Client(s3SettingsOf(parseConfig(env)));
    const answer = await direct.send(new ListObjectsV2Command({ Bucket: env.S3_BUCKET, Prefix: `media/${name}` }));
    expect(answer.KeyCount ?? 0).toBe(0);
    direct.destroy();
  });
});
