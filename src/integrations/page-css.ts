/**
 * The Astro integration that cuts each pre-rendered page's inlined stylesheet down to the rules the
 * page can use (src/server/http/page-css.ts): the storefront's one stylesheet is about 92 KB, and
 * a page keeps 40-60 KB of it, so more pages arrive in the first round trips. Listed before
 * precompress in astro.config.mjs, which compresses the pruned pages.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { PageStylePruner } from '../server/http/page-css';

/** Every .html file under a folder. */
function listHtmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.html'))
    .map((name) => join(dir, name));
}

/** Prunes the inlined stylesheets of every pre-rendered page of the client build. */
export default function pageCss(): AstroIntegration {
  let clientDir: URL | undefined;
  return {
    name: 'graphene:page-css',
    hooks: {
      'astro:config:done': ({ config }) => {
        clientDir = config.build.client;
      },
      'astro:build:done': ({ logger }) => {
        if (!clientDir) return;
        const dir = fileURLToPath(clientDir);
        const pruner = new PageStylePruner(dir);
        const started = performance.now();
        let before = 0;
        let after = 0;
        const files = listHtmlFiles(dir);
        for (const file of files) {
          const html = readFileSync(file, 'utf8');
          const pruned = pruner.prune(html);
          before += Buffer.byteLength(html);
          after += Buffer.byteLength(pruned);
          if (pruned !== html) writeFileSync(file, pruned);
        }
        const kb = (n: number) => Math.round(n / 1024);
        logger.info(
          `${files.length} pages keep only the styles they can use, in ${((performance.now() - started) / 1000).toFixed(1)} s: ${kb(before)} KB → ${kb(after)} KB of HTML`,
        );
      },
    },
  };
}
