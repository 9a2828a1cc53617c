import { statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import send from 'send';

/**
 * Paths remembered, and the longest path remembered: unknown paths are remembered too (a scan
 * of made-up paths must not stat the disk each time), within a bound so it cannot fill memory.
 */
const MAX_REMEMBERED_PATHS = 20_000;
const MAX_REMEMBERED_PATH_LENGTH = 512;

/** What a URL path names in the build's client folder. */
type Found = { kind: 'file'; relative: string } | { kind: 'folder' } | { kind: 'slashed' } | { kind: 'none' };
const NONE: Found = { kind: 'none' };
const FOLDER: Found = { kind: 'folder' };
const SLASHED: Found = { kind: 'slashed' };

/**
 * The build's client folder on disk, for what the in-memory compressed files do not answer:
 * images, fonts, video (with ranges), and text files for clients that accept no compression.
 * Which paths name a file is learnt once per path, so an API request or a server-rendered page
 * never touches the disk here (the adapter's static handler stat'ed two paths per request, on
 * libuv's thread pool, before every on-demand route).
 */
export class BuildFiles {
  readonly #clientDir: string;
  readonly #assetsPrefix: string;
  readonly #found = new Map<string, Found>();

  constructor(clientDir: string, assetsDir = '_astro') {
    this.#clientDir = resolve(clientDir);
    this.#assetsPrefix = `/${assetsDir}/`;
  }

  /** The file or folder a URL path names (`/` → index.html, `/about` → about.html), remembered per path. */
  find(pathname: string): Found {
    let found = this.#found.get(pathname);
    if (found === undefined) {
      found = this.#look(pathname);
      if (this.#found.size < MAX_REMEMBERED_PATHS && pathname.length <= MAX_REMEMBERED_PATH_LENGTH) this.#found.set(pathname, found);
    }
    return found;
  }

  #look(pathname: string): Found {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return NONE;
    }
    // Dot files and dot segments are never served; a NUL never names a file.
    if (decoded.includes('\0') || decoded.includes('\\') || decoded.split('/').some((s) => s.startsWith('.'))) return NONE;
    // The site's URLs end without a slash: '/shop/' and '/about/' name '/shop' and '/about'.
    if (decoded.length > 1 && decoded.endsWith('/')) return this.#look(pathname.slice(0, -1)).kind === 'none' ? NONE : SLASHED;
    const candidates = decoded === '/' ? ['/index.html'] : extname(decoded) ? [decoded] : [`${decoded}.html`, decoded];
    for (const candidate of candidates) {
      const file = resolve(join(this.#clientDir, candidate));
      if (!file.startsWith(this.#clientDir + sep)) return NONE;
      try {
        const stat = statSync(file);
        if (stat.isFile()) return { kind: 'file', relative: file.slice(this.#clientDir.length) };
        if (stat.isDirectory()) return FOLDER;
      } catch {
        // not this candidate
      }
    }
    return NONE;
  }

  /**
   * Answers a GET or HEAD for a build file (ranges, ETag and Last-Modified by `send`; a year's
   * caching for the hashed assets) and redirects a page or folder named with a trailing slash to
   * the path without it (the site's URLs have none); false when the path names neither.
   */
  serve(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
    const found = this.find(pathname);
    if (found.kind === 'slashed') {
      // Leading slashes collapsed: '//evil.example/' must not become a redirect off the site.
      const query = (req.url ?? '').slice(pathname.length);
      res.writeHead(301, { location: `/${pathname.replace(/^\/+/, '').slice(0, -1)}${query}`, 'content-length': 0 });
      res.end();
      return true;
    }
    if (found.kind !== 'file') return false;
    // `send` decodes the path it is given: the file's own name is encoded for it.
    const stream = send(req, encodeURI(found.relative), { root: this.#clientDir, dotfiles: 'deny', index: false });
    stream.on('headers', () => {
      if (found.relative.startsWith(this.#assetsPrefix)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    });
    stream.on('error', (err: { status?: number; statusCode?: number }) => {
      const status = err.status ?? err.statusCode ?? 500;
      if (res.headersSent) return res.destroy();
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      res.end(status === 404 ? 'Not found.\n' : 'The file could not be read.\n');
    });
    stream.pipe(res);
    return true;
  }
}
