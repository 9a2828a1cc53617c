// A throwaway S3-compatible server for tests and manual runs: s3rver (npm) on a free 127.0.0.1 port,
// its objects in a temporary folder, path-style addresses, access key S3RVER / secret S3RVER.
// As a module: `const s3 = await startS3Server(); ... s3.env('bucket') ... await s3.stop();`
// From the shell: `node scripts/s3-server.mjs` starts one with the bucket `media`, prints the
// settings a shop needs, and stops on Ctrl-C.
//
// s3rver runs in a child process with --openssl-legacy-provider: it encrypts its ListObjectsV2
// continuation tokens with DES, which OpenSSL 3 offers only through the legacy provider (without
// it every listing longer than one page answers 500). It does not check request signatures.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Access key and secret s3rver's built-in account answers to. */
export const S3RVER_KEY = 'S3RVER';

/** The line the child prints once it listens: `S3RVER_READY <port>`. */
const READY = 'S3RVER_READY';

/**
 * Starts s3rver with the given buckets in a new folder (under `parent`, the system's temporary folder
 * by default); resolves once it listens. Returns its endpoint, `env(bucket)` (the shop's settings for
 * a bucket) and `stop()`, which ends it (at once: the signal is sent before it returns) and removes the folder.
 * @param {{ buckets?: string[], parent?: string }} [options]
 */
export async function startS3Server({ buckets = [], parent = tmpdir() } = {}) {
  const dir = mkdtempSync(join(parent, 'shop-s3-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', fileURLToPath(import.meta.url), '--child', dir, ...buckets], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`s3rver did not start within 30 s:\n${output}`)), 30_000);
    child.stdout.on('data', (chunk) => {
      output += chunk.toString();
      const match = new RegExp(`${READY} (\\d+)`).exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.stderr.on('data', (chunk) => (output += chunk.toString()));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited (${code ?? signal}) before it listened:\n${output}`));
    });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    dir,
    /** The shop's settings for media in `bucket` of this server. */
    env: (/** @type {string} */ bucket) => ({
      MEDIA_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The child: serves `dir` with the named buckets until SIGTERM. */
async function serveChild(dir, buckets) {
  const { default: S3rver } = await import('s3rver');
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: buckets.map((name) => ({ name })) });
  const { port } = await server.run();
  process.stdout.write(`${READY} ${port}\n`);
  const stop = () => server.close().finally(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  // A parent killed outright (a test run stopped with SIGKILL) leaves no server or objects behind.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) server.close().finally(() => {
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
  }, 1000).unref();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === '--child') {
    await serveChild(process.argv[3], process.argv.slice(4));
  } else {
    const s3 = await startS3Server({ buckets: ['media'] });
    console.log(`s3rver at ${s3.endpoint} (objects in ${s3.dir}); a shop stores its media there with:`);
    for (const [name, value] of Object.entries(s3.env('media'))) console.log(`${name}=${value}`);
    console.log('Ctrl-C stops it and removes its objects.');
    const stop = () => s3.stop().finally(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  }
}
