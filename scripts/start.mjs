// `npm start`: builds the site when the build is missing or older than its sources, then runs the
// server (scripts/serve.mjs) on HOST:PORT (127.0.0.1:4321 unless set), passing SIGINT/SIGTERM on.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from './node-flags.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
/** The file the build writes that the server loads; its age is the build's age. */
const builtEntry = join(root, 'dist/server/entry.mjs');
/** Everything the build reads. */
const SOURCES = [
  'src',
  // The catalogue the pages are built from (src/content.config.ts reads CONTENT_DIR like the server).
  process.env.CONTENT_DIR?.trim() || 'content',
  'public',
  'astro.config.mjs',
  'package.json',
  'scripts/generate-media.mjs',
  'scripts/media',
];
/** Folders the build itself writes into public/; they must not make the build look stale. */
const WRITTEN_BY_BUILD = ['public/images/generated', 'public/Catalog'];

/** Newest modification time (ms) under a file or folder, skipping what the build writes. */
function findNewestMtime(path) {
  if (!existsSync(path)) return 0;
  if (WRITTEN_BY_BUILD.includes(relative(root, path))) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, findNewestMtime(join(path, entry)));
  return newest;
}

/** Whether dist/ must be (re)built: missing, or older than any source. */
function isBuildStale() {
  if (!existsSync(builtEntry) || !existsSync(join(root, 'dist/client'))) return true;
  const builtAt = statSync(builtEntry).mtimeMs;
  return SOURCES.some((source) => findNewestMtime(resolve(root, source)) > builtAt);
}

// The server loads dist/, so the build must write there whatever the shell says.
delete process.env.ASTRO_OUT_DIR;

if (isBuildStale()) {
  console.log('[start] dist/ is missing or older than the sources: building...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('[start] The build failed (output above); not starting the server.');
    process.exit(build.status ?? 1);
  }
} else {
  console.log('[start] dist/ is up to date.');
}

const host = process.env.HOST || '127.0.0.1';
const port = process.env.PORT || '4321';
console.log(`[start] Serving on http://${host}:${port}`);
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(root, 'scripts/serve.mjs')], {
  cwd: root,
  env: { ...process.env, HOST: host, PORT: port },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1));
});
