/**
 * The Astro integration that compresses the build's text files ahead (see
 * src/server/http/precompressed.ts). Listed last in astro.config.mjs, so the sitemap written by
 * another integration's build:done is compressed too.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { precompressDirectory } from '../server/http/precompressed';

/** CPU seconds of a process.cpuUsage() difference. */
function cpuSeconds(usage: NodeJS.CpuUsage): string {
  return ((usage.user + usage.system) / 1e6).toFixed(1);
}

/** Writes `.br` and `.gz` beside each page, style, script, SVG, JSON and XML file of the client build. */
export default function precompress(): AstroIntegration {
  let clientDir: URL | undefined;
  return {
    name: 'graphene:precompress',
    hooks: {
      'astro:config:done': ({ config }) => {
        clientDir = config.build.client;
      },
      'astro:build:done': async ({ logger }) => {
        if (!clientDir) return;
        const started = performance.now();
        const cpu = process.cpuUsage();
        const done = await precompressDirectory(fileURLToPath(clientDir));
        const mb = (n: number) => (n / 1024 / 1024).toFixed(2);
        logger.info(
          `${done.files} files compressed ahead in ${((performance.now() - started) / 1000).toFixed(1)} s (${cpuSeconds(process.cpuUsage(cpu))} CPU-seconds, zlib's threads included): ${mb(done.bytes)} MB → brotli ${mb(done.br)} MB, gzip ${mb(done.gzip)} MB`,
        );
      },
    },
  };
}
