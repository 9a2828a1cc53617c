import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildContentSecurityPolicy, buildSecurityHeaders, hashInlineScripts, INLINE_SCRIPT_HASHES_FILE, loadInlineScriptHashes } from '../../../../src/server/http/security';
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

describe('loadInlineScriptHashes', () => {
  /** A build folder: client/ with one page holding an inline script, server/ beside it. */
  function build(): { clientDir: string; savedFile: string; pageHash: string } {
    const dist = mkdtempSync(join(tmpdir(), 'shop-csp-'));
    const clientDir = join(dist, 'client');
    mkdirSync(clientDir);
    mkdirSync(join(dist, 'server'));
    writeFileSync(join(clientDir, 'index.html'), '<html><body><script>window.a=1</script></body></html>');
    const pageHash = `'sha256-${createHash('sha256').update('window.a=1').digest('base64')}'`;
    return { clientDir, savedFile: join(dist, 'server', INLINE_SCRIPT_HASHES_FILE), pageHash };
  }

  it('reads the hashes the build saved instead of every page', () => {
    const { clientDir, savedFile } = build();
    const saved = `'sha256-${createHash('sha256').update('saved at build').digest('base64')}'`;
    writeFileSync(savedFile, JSON.stringify([saved]));
    expect(loadInlineScriptHashes(clientDir)).toEqual([saved]);
  });

  it('collects them from the pages when the build saved none, or saved something else', () => {
    const { clientDir, savedFile, pageHash } = build();
    expect(loadInlineScriptHashes(clientDir)).toEqual([pageHash]);
    writeFileSync(savedFile, JSON.stringify(["'unsafe-inline'"]));
    expect(loadInlineScriptHashes(clientDir)).toEqual([pageHash]);
  });
});
