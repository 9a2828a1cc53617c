import { describe, expect, it } from 'vitest';
import { isSameOriginRequest, isStateChanging, type OriginCheckInput } from '../../../../src/server/http/origin';

const base: OriginCheckInput = {
  method: 'POST',
  origin: undefined,
  secFetchSite: undefined,
  host: '127.0.0.1:4321',
  encrypted: false,
  trustProxy: false,
  siteOrigin: 'https://shop.example.com',
};

describe('isSameOriginRequest', () => {
  it('lets safe methods through whatever their origin', () => {
    expect(isSameOriginRequest({ ...base, method: 'GET', origin: 'https://evil.example' })).toBe(true);
    expect(isStateChanging('HEAD')).toBe(false);
    expect(isStateChanging('PATCH')).toBe(true);
  });

  it('accepts the site origin and the origin the request was addressed to', () => {
    expect(isSameOriginRequest({ ...base, origin: 'https://shop.example.com' })).toBe(true);
    expect(isSameOriginRequest({ ...base, origin: 'http://127.0.0.1:4321' })).toBe(true);
  });

  it('refuses other origins, opaque ones and malformed ones', () => {
    expect(isSameOriginRequest({ ...base, origin: 'https://evil.example' })).toBe(false);
    expect(isSameOriginRequest({ ...base, origin: 'http://127.0.0.1:9999' })).toBe(false);
    expect(isSameOriginRequest({ ...base, origin: 'https://shop.example.com.evil.example' })).toBe(false);
    expect(isSameOriginRequest({ ...base, origin: 'null' })).toBe(false);
    expect(isSameOriginRequest({ ...base, origin: 'not a url' })).toBe(false);
  });

  it('without Origin, follows Sec-Fetch-Site, and lets non-browser clients through', () => {
    expect(isSameOriginRequest({ ...base, secFetchSite: 'cross-site' })).toBe(false);
    expect(isSameOriginRequest({ ...base, secFetchSite: 'same-site' })).toBe(false);
    expect(isSameOriginRequest({ ...base, secFetchSite: 'same-origin' })).toBe(true);
    expect(isSameOriginRequest(base)).toBe(true);
  });

  it('uses X-Forwarded-Host/-Proto only behind a trusted proxy', () => {
    const proxied = { ...base, host: 'app:4321', forwardedHost: 'www.shop.test', forwardedProto: 'https', origin: 'https://www.shop.test' };
    expect(isSameOriginRequest(proxied)).toBe(false);
    expect(isSameOriginRequest({ ...proxied, trustProxy: true })).toBe(true);
  });
});
