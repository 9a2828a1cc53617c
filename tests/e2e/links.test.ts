// Every link the built pages carry leads somewhere: each internal href (pages, files, the admin
// portal the sign-in pages link to) answers below 400 on the server under test, redirects followed.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { urlOf } from '../helpers/base-url';

const CLIENT = join(resolve(process.env.SHOP_DIST_DIR || 'dist'), 'client');

/** Every HTML file of the build. */
function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? htmlFiles(join(dir, e.name)) : e.name.endsWith('.html') ? [join(dir, e.name)] : []));
}

/** The internal hrefs of a page, without fragments, each once. */
function internalLinks(html: string): string[] {
  const links = new Set<string>();
  for (const match of html.matchAll(/<a\b[^>]*\shref="([^"]+)"/g)) {
    const href = match[1]!.replace(/&amp;/g, '&').split('#')[0]!;
    if (href.startsWith('/') && !href.startsWith('//')) links.add(href);
  }
  return [...links];
}

describe('links', () => {
  it('every internal link of every built page answers below 400', async () => {
    const targets = new Map<string, string>();
    for (const file of htmlFiles(CLIENT)) {
      for (const href of internalLinks(readFileSync(file, 'utf8'))) if (!targets.has(href)) targets.set(href, file.slice(CLIENT.length));
    }
    expect(targets.has('/admin/login'), 'the sign-in pages link to the admin portal').toBe(true);
    expect(targets.size).toBeGreaterThan(40);
    const broken: string[] = [];
    for (const [href, from] of targets) {
      const response = await fetch(urlOf(href), { redirect: 'follow' });
      await response.body?.cancel();
      if (response.status >= 400) broken.push(`${href} (${response.status}, linked from ${from})`);
    }
    expect(broken).toEqual([]);
  });
});
