/**
 * The Astro integration that saves the hashes of the pre-rendered pages' inline scripts (the
 * Content-Security-Policy allows exactly those) into the build's server folder, so the server
 * reads one small file at start instead of every page (src/server/http/security.ts).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { collectInlineScriptHashes, INLINE_SCRIPT_HASHES_FILE } from '../server/http/security';

/** Writes dist/server/csp-inline-script-hashes.json after the build. */
export default function inlineScriptHashes(): AstroIntegration {
  let clientDir: URL | undefined;
  let serverDir: URL | undefined;
  return {
    name: 'graphene:inline-script-hashes',
    hooks: {
      'astro:config:done': ({ config }) => {
        clientDir = config.build.client;
        serverDir = config.build.server;
      },
      'astro:build:done': ({ logger }) => {
        if (!clientDir || !serverDir) return;
        const hashes = collectInlineScriptHashes(fileURLToPath(clientDir));
        writeFileSync(fileURLToPath(new URL(INLINE_SCRIPT_HASHES_FILE, serverDir)), `${JSON.stringify(hashes, null, 1)}\n`);
        logger.info(`${hashes.length} inline script hashes saved for the Content-Security-Policy`);
      },
    },
  };
}
