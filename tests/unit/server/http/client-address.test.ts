import { describe, expect, it } from 'vitest';
import { compileProxyTrust, parseProxyTrust, resolveClientAddress } from '../../../../src/server/http/client-address';

/** The client address of a request from `peer` carrying `forwardedFor`, under a TRUST_PROXY value. */
function clientOf(trustProxy: string, peer: string, forwardedFor?: string): string | undefined {
  return resolveClientAddress(peer, forwardedFor, compileProxyTrust(parseProxyTrust(trustProxy)!));
}

describe('parseProxyTrust', () => {
  it('reads off, one hop for true, hop counts and lists of addresses, subnets and names', () => {
    expect(parseProxyTrust('false')).toEqual({ kind: 'none' });
    expect(parseProxyTrust('')).toEqual({ kind: 'none' });
    expect(parseProxyTrust('0')).toEqual({ kind: 'none' });
    expect(parseProxyTrust('true')).toEqual({ kind: 'hops', hops: 1 });
    expect(parseProxyTrust('1')).toEqual({ kind: 'hops', hops: 1 });
    expect(parseProxyTrust('2')).toEqual({ kind: 'hops', hops: 2 });
    expect(parseProxyTrust('10.0.0.1, 192.168.0.0/16, ::1, fd00::/8')).toEqual({ kind: 'subnets', subnets: ['10.0.0.1', '192.168.0.0/16', '::1', 'fd00::/8'] });
    expect(parseProxyTrust('loopback')).toEqual({ kind: 'subnets', subnets: ['127.0.0.1/8', '::1/128'] });
  });

  it('refuses what is not an address, a subnet or a known name', () => {
    for (const bad of ['maybe', '10.0.0.300', '10.0.0.0/33', '::1/129', 'proxy.example.com', '10.0.0.1,', '10.0.0.0/8/1']) {
      expect(parseProxyTrust(bad), bad).toBeUndefined();
    }
  });
});

describe('resolveClientAddress', () => {
  it('takes the socket address and ignores X-Forwarded-For when no proxy is trusted', () => {
    expect(clientOf('false', '198.51.100.8', '203.0.113.9')).toBe('198.51.100.8');
  });

  it('takes the address the one trusted proxy appended, never the entries a client wrote before it', () => {
    expect(clientOf('true', '10.0.0.2', '198.51.100.8')).toBe('198.51.100.8');
    expect(clientOf('true', '10.0.0.2', '203.0.113.77, 198.51.100.8')).toBe('198.51.100.8');
    expect(clientOf('true', '10.0.0.2', '203.0.113.77,198.51.100.8')).toBe('198.51.100.8');
    expect(clientOf('true', '10.0.0.2')).toBe('10.0.0.2');
  });

  it('walks back as many entries as hops are trusted, and stops at the leftmost', () => {
    expect(clientOf('2', '10.0.0.2', '203.0.113.77, 198.51.100.8, 10.0.0.1')).toBe('198.51.100.8');
    expect(clientOf('3', '10.0.0.2', '198.51.100.8')).toBe('198.51.100.8');
  });

  it('walks back only through proxies in the trusted subnets', () => {
    const trust = '10.0.0.0/8, loopback';
    expect(clientOf(trust, '10.1.2.3', '203.0.113.77, 198.51.100.8, 127.0.0.1')).toBe('198.51.100.8');
    expect(clientOf(trust, '::ffff:10.1.2.3', '198.51.100.8')).toBe('198.51.100.8');
    // A client connecting directly is not a proxy: what it forwards counts for nothing.
    expect(clientOf(trust, '198.51.100.8', '10.0.0.5')).toBe('198.51.100.8');
    expect(clientOf('2001:db8::/32', '2001:db8::1', '2001:db8::2, 2001:db9::7')).toBe('2001:db9::7');
  });

  it('writes IPv4-mapped IPv6 addresses as IPv4 and stops at an entry that is not an address', () => {
    expect(clientOf('false', '::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(clientOf('2', '10.0.0.2', '198.51.100.8, unknown')).toBe('10.0.0.2');
    expect(clientOf('true', '10.0.0.2', '198.51.100.8, ')).toBe('10.0.0.2');
  });
});
