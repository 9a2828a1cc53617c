// The shop's one server process: the built Astro app behind the node edge of src/server/http.
// `node scripts/serve.mjs` (npm run serve / npm start); SHOP_DIST_DIR picks another build folder.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = resolve(process.env.SHOP_DIST_DIR || join(root, 'dist'));
const serverDir = join(dist, 'server');
const entryPath = join(serverDir, 'entry.mjs');

let entrySource;
try {
  entrySource = readFileSync(entryPath, 'utf8');
} catch {
  console.error(`No build found at ${entryPath}: run \`npm run build\` first (or set SHOP_DIST_DIR).`);
  process.exit(1);
}
// The build names the middleware module; it publishes the server entry when it loads.
const middlewareFile = /middleware:\s*\(\)\s*=>\s*import\("([^"]+)"\)/.exec(entrySource)?.[1] ?? './virtual_astro_middleware.mjs';

const { handler } = await import(pathToFileURL(entryPath).href);
await import(pathToFileURL(join(serverDir, middlewareFile)).href);
const entry = globalThis[Symbol.for('graphene-coatings.server-entry')];
if (!entry) {
  console.error(`The build at ${dist} has no server entry (src/middleware.ts); rebuild it.`);
  process.exit(1);
}

try {
  entry.getConfig();
} catch (err) {
  // One line naming the variable, e.g. `Invalid configuration: PORT must be an integer 1-65535 (got "abc")`.
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}

/** Newest modification time (ms) of the files under a folder; 0 when it cannot be read. */
function newestMtime(path) {
  try {
    const stat = statSync(path);
    if (!stat.isDirectory()) return stat.mtimeMs;
    return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
  } catch {
    return 0;
  }
}

// The start merges CONTENT_DIR into the database; the pre-rendered pages hold the content they
// were built from. Content edited after the build (a serve without npm start's rebuild) is live in
// the product pages and the catalogue, but not in those pages until the next build: say so.
const contentDir = resolve(process.cwd(), entry.getConfig().CONTENT_DIR);
if (newestMtime(contentDir) > statSync(entryPath).mtimeMs) {
  entry.getLogger().warn('content is newer than the build: the pre-rendered pages show the content they were built from until `npm run build` (npm start rebuilds first)', { contentDir });
}

try {
  await entry.startHttpServer({ handler, clientDir: join(dist, 'client') });
} catch (err) {
  entry.getLogger().error('server failed to start', { err });
  process.exit(1);
}
