import { BlockList, isIP } from 'node:net';

/**
 * Which proxies in front of the server are believed about X-Forwarded-For (and -Host/-Proto): none,
 * the nearest `hops` of them whatever their address, or those whose address is in `subnets`.
 */
export type ProxyTrust = { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'subnets'; subnets: readonly string[] };

/** Whether the proxy at `address`, `hop` steps from the server (0 = the socket peer), is trusted. */
export type TrustsProxy = (address: string, hop: number) => boolean;

/** The subnets behind the names proxy-addr (Express) accepts in a trust list. */
const NAMED_SUBNETS: Record<string, readonly string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** An address or CIDR subnet as [address, prefix length, family], or undefined when malformed. */
function parseSubnet(entry: string): [string, number, 'ipv4' | 'ipv6'] | undefined {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return undefined;
  const bits = version === 4 ? 32 : 128;
  if (prefix !== undefined && !/^\d{1,3}$/.test(prefix)) return undefined;
  const length = prefix === undefined ? bits : Number(prefix);
  return length <= bits ? [address, length, version === 4 ? 'ipv4' : 'ipv6'] : undefined;
}

/**
 * Reads a TRUST_PROXY value: false/0/no/off (or empty) trusts nobody, true/yes/on one hop, a number
 * that many hops, anything else a comma-separated list of addresses, CIDR subnets and the names
 * loopback, linklocal, uniquelocal. Returns undefined for a malformed value.
 */
export function parseProxyTrust(value: string): ProxyTrust | undefined {
  const text = value.trim().toLowerCase();
  if (['', '0', 'false', 'no', 'off'].includes(text)) return { kind: 'none' };
  if (['true', 'yes', 'on'].includes(text)) return { kind: 'hops', hops: 1 };
  if (/^\d+$/.test(text)) return Number(text) <= 100 ? { kind: 'hops', hops: Number(text) } : undefined;
  const subnets: string[] = [];
  for (const entry of text.split(',').map((e) => e.trim())) {
    if (NAMED_SUBNETS[entry]) subnets.push(...NAMED_SUBNETS[entry]);
    else if (parseSubnet(entry)) subnets.push(entry);
    else return undefined;
  }
  return { kind: 'subnets', subnets };
}

/** The test a ProxyTrust stands for, built once (subnets go into one node:net BlockList). */
export function compileProxyTrust(trust: ProxyTrust): TrustsProxy {
  if (trust.kind === 'none') return () => false;
  if (trust.kind === 'hops') return (_address, hop) => hop < trust.hops;
  const list = new BlockList();
  for (const entry of trust.subnets) {
    const [address, prefix, family] = parseSubnet(entry)!;
    list.addSubnet(address, prefix, family);
  }
  return (address) => {
    const version = isIP(address);
    // An IPv4-mapped IPv6 address matches the IPv4 entries too.
    return version !== 0 && list.check(address, version === 4 ? 'ipv4' : 'ipv6');
  };
}

/** An address as limits and logs key it: IPv4-mapped IPv6 written as plain IPv4. */
function normalizeAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/**
 * The client of a request: walking from the socket peer back through X-Forwarded-For (right to
 * left, each trusted proxy having appended the address it received from), the first address that
 * is not a trusted proxy. Entries left of it were written by the client and are never believed;
 * an entry that is not an IP address ends the walk at the proxy that passed it on.
 */
export function resolveClientAddress(socketAddress: string | undefined, forwardedFor: string | string[] | undefined, trusts: TrustsProxy): string | undefined {
  if (!socketAddress) return undefined;
  let client = normalizeAddress(socketAddress);
  if (!forwardedFor) return client;
  const chain = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor).split(',').map((e) => e.trim());
  for (let hop = 0; trusts(client, hop) && chain.length > 0; hop++) {
    const next = chain.pop()!;
    if (isIP(next) === 0) break;
    client = normalizeAddress(next);
  }
  return client;
}
