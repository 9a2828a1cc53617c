import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES } from '../../../../src/lib/media-messages';
import { ApiError } from '../../../../src/server/http/errors';
import { fetchRemoteImage, isSpecialAddress } from '../../../../src/server/media/remote-image';

describe('isSpecialAddress', () => {
  it('refuses loopback, private, link-local, shared, multicast, reserved and documentation addresses', () => {
    for (const address of [
      '127.0.0.1', '127.255.255.254', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.0.10', '169.254.169.254', '100.64.0.1',
      '0.0.0.0', '192.0.2.1', '198.18.0.1', '224.0.0.1', '240.0.0.1', '255.255.255.255',
      '::', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '64:ff9b::a00:1', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1',
      '2001:db8::1', '2002:7f00:1::1', '2001:0:4136:e378::1', 'not an address',
    ]) {
      expect(isSpecialAddress(address), address).toBe(true);
    }
  });

  it('lets public addresses through', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '2a00:1450:4001::200e', '::ffff:8.8.8.8']) {
      expect(isSpecialAddress(address), address).toBe(false);
    }
  });
});

describe('fetchRemoteImage against a local server', () => {
  let server: Server;
  let port: number;
  const hits: string[] = [];
  const options = { maxBytes: 1024, allowedHosts: [] as string[] };

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/slow') return; // never answers
      if (req.url === '/redirect-by-name') {
        res.writeHead(301, { location: `http://localhost:${port}/ok` });
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(Buffer.from('image bytes'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** The ApiError a call fails with. */
  async function failure(promise: Promise<unknown>): Promise<ApiError> {
    const err = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  }

  it('refuses a host name once DNS says it is loopback, before any connection', async () => {
    const before = hits.length;
    const err = await failure(fetchRemoteImage(`http://localhost:${port}/ok`, options));
    expect([err.status, err.message]).toEqual([422, MEDIA_MESSAGES.privateAddress]);
    expect(hits.length).toBe(before);
  });

  it('fetches from an allow-listed name, and checks the name of a redirect again', async () => {
    const fetched = await fetchRemoteImage(`http://localhost:${port}/ok`, { ...options, allowedHosts: ['localhost'] });
    expect(fetched.bytes.toString()).toBe('image bytes');
    // Allowed: 127.0.0.1 written out. Its redirect names localhost, which is not.
    const before = hits.length;
    const err = await failure(fetchRemoteImage(`http://127.0.0.1:${port}/redirect-by-name`, { ...options, allowedHosts: ['127.0.0.1'] }));
    expect([err.status, err.message]).toEqual([422, MEDIA_MESSAGES.privateAddress]);
    expect(hits.slice(before)).toEqual(['/redirect-by-name']);
  });

  it('gives up at the deadline', async () => {
    const started = Date.now();
    const err = await failure(fetchRemoteImage(`http://localhost:${port}/slow`, { ...options, allowedHosts: ['localhost'], timeoutMs: 300 }));
    expect([err.status, err.message]).toEqual([422, MEDIA_MESSAGES.timeout]);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses a body over the cap with 413', async () => {
    const err = await failure(fetchRemoteImage(`http://localhost:${port}/ok`, { maxBytes: 5, allowedHosts: ['localhost'] }));
    expect([err.status, err.message]).toEqual([413, 'File size too large. Maximum size is 0MB.']);
  });
});
