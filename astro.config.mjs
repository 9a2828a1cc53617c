// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import cartDirective from './src/directives/integration.ts';
import inlineScriptHashes from './src/integrations/inline-script-hashes.ts';
import pageCss from './src/integrations/page-css.ts';
import precompress from './src/integrations/precompress.ts';

/** Public origin of the shop; canonical URLs, the sitemap and Open Graph tags are built on it. */
const site = process.env.SITE_URL || 'http://localhost:4321';

export default defineConfig({
  site,
  // Parallel builds (tests, helpers) each get their own output and cache folders.
  outDir: process.env.ASTRO_OUT_DIR || './dist',
  cacheDir: process.env.ASTRO_CACHE_DIR || './node_modules/.astro',
  // Every page is pre-rendered unless it says `export const prerender = false` (the API routes).
  output: 'static',
  // Middleware mode: the node edge (src/server/http) serves the build's files itself and hands Astro
  // only what it must render, so an API request or a product page never waits on a disk lookup.
  adapter: node({ mode: 'middleware' }),
  trailingSlash: 'never',
  // Stylesheets go inside each page: its first paint waits for no second request (the storefront's
  // one stylesheet is about 14 KB brotli, src/styles/storefront.css; each page keeps only the rules
  // it can use, src/integrations/page-css.ts).
  build: { format: 'file', inlineStylesheets: 'always' },
  prefetch: { prefetchAll: false, defaultStrategy: 'hover' },
  // The node edge (src/server/http) checks Origin on every state-changing request with JSON errors.
  security: { checkOrigin: false },
  integrations: [
    react(),
    cartDirective(),
    sitemap({
      // Product pages are rendered on demand from the database: their sitemap is too (src/pages/sitemap-products.xml.ts).
      customSitemaps: [new URL('/sitemap-products.xml', site).href],
      filter: (page) => !/\/(checkout|account|admin|login|signup|forgot-password|reset-password)(\/|$)/.test(new URL(page).pathname),
    }),
    inlineScriptHashes(),
    // After every integration that writes pages, before precompress.
    pageCss(),
    // Last: compresses what the integrations before it wrote too (the sitemap).
    precompress(),
  ],
  vite: {
    plugins: [tailwindcss()],
    // These pure-ESM packages go into the server's chunks instead of being loaded from node_modules
    // file by file (kysely alone is 258 modules, stripe 220, pdf-lib 57): the server opened about
    // 900 modules at every start, now about 340; a start takes about 0.5 CPU-s and 110 MB less, and the
    // test suites start the server hundreds of times. Native or CommonJS packages stay external.
    ssr: { noExternal: ['kysely', 'zod', 'stripe', 'pdf-lib', '@pdf-lib/standard-fonts', '@pdf-lib/upng', 'pako', 'nanostores'] },
    build: {
      // All of react-dom in one chunk: the lazily loaded cart toaster (sonner) imports react-dom,
      // which otherwise splits it out of the React renderer's chunk and costs every page ≈ 0.7 KB gzip.
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [{ name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ }],
          },
        },
      },
    },
  },
});
