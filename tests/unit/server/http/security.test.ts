import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildContentSecurityPolicy, buildSecurityHeaders, hashInlineScripts } from '../../../../src/server/http/security';
import { pickRequestId } from '../../../../src/server/http/request-context';

const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

describe('hashInlineScripts', () => {
  it('hashes executable inline scripts and skips external scripts and JSON data blocks', () => {
    const html = `<script>one()</script><script type="module">two()</script><script src="/x.js"></script>
      <script type="application/ld+json">{"@type":"Store"}</script><script type="application/json">{}</script>`;
    expect(hashInlineScripts(html)).toEqual([sha('one()'), sha('two()')]);
  });
});

describe('buildContentSecurityPolicy', () => {
  it('allows only our scripts plus the listed hashes, and no framing', () => {
    const csp = buildContentSecurityPolicy([sha('a()')]);
    expect(csp).toContain(`script-src 'self' ${sha('a()')}`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  });
});

describe('buildSecurityHeaders', () => {
  it('adds HSTS only on https', () => {
    expect(buildSecurityHeaders({ https: false })['strict-transport-security']).toBeUndefined();
    expect(buildSecurityHeaders({ https: true })['strict-transport-security']).toContain('max-age=');
  });
});

describe('pickRequestId', () => {
  it('keeps a sane id and replaces a missing, short or unsafe one', () => {
    expect(pickRequestId('abc-12345678')).toBe('abc-12345678');
    expect(pickRequestId(undefined)).toMatch(/^[0-9a-f-]{36}$/);
    expect(pickRequestId('short')).toMatch(/^[0-9a-f-]{36}$/);
    expect(pickRequestId('has spaces and <tags>')).toMatch(/^[0-9a-f-]{36}$/);
    expect(pickRequestId('x'.repeat(200))).toMatch(/^[0-9a-f-]{36}$/);
  });
});
