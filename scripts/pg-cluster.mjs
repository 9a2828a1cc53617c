// A throwaway PostgreSQL cluster for tests and benchmarks: initdb in a temporary folder owned by
// the postgres user, pg_ctl start on a free 127.0.0.1 port, trust auth for user `app`.
// As a module: `const cluster = await startPgCluster(); ... await cluster.stop();`
// From the shell: `node scripts/pg-cluster.mjs` starts one, prints DATABASE_URL, stops on Ctrl-C.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Folder of the PostgreSQL binaries (the newest installed major version). */
export function findPgBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0], 'bin') : undefined;
}

/** Installs PostgreSQL from Debian's packages when no binaries are present (needs root and apt). */
export function ensurePostgresInstalled() {
  if (findPgBin()) return findPgBin();
  const policy = spawnSync('apt-cache', ['policy', 'postgresql-15'], { encoding: 'utf8' });
  const pkg = /Candidate:\s+(?!\(none\))\S+/.test(policy.stdout ?? '') ? 'postgresql-15' : 'postgresql';
  console.log(`PostgreSQL binaries missing: apt-get install -y ${pkg}`);
  execFileSync('apt-get', ['update'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', pkg], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  const bin = findPgBin();
  if (!bin) throw new Error(`apt-get install ${pkg} did not provide /usr/lib/postgresql/*/bin`);
  return bin;
}

/** Asks the OS for a free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL binary as the postgres user (PostgreSQL refuses to run as root). */
function runAsPostgres(bin, args) {
  const asRoot = process.getuid?.() === 0;
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${bin.split('/').pop()} ${args.join(' ')} failed (${result.status}):\n${result.stdout}${result.stderr}`);
  }
  return result.stdout;
}

/** Makes sure a `postgres` system user exists when running as root. */
function ensurePostgresUser() {
  if (process.getuid?.() !== 0) return;
  if (spawnSync('id', ['postgres']).status === 0) return;
  execFileSync('useradd', ['-r', '-M', '-s', '/usr/sbin/nologin', 'postgres']);
}

/** pg_ctl start of an existing cluster folder made by startPgCluster, on `port`. */
export function startPgServer(dir, port, bin = findPgBin()) {
  runAsPostgres(join(bin, 'pg_ctl'), [
    '-D', join(dir, 'data'), '-l', join(dir, 'server.log'), '-w', '-t', '60',
    '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`, 'start',
  ]);
}

/** pg_ctl stop (fast) of an existing cluster folder made by startPgCluster. */
export function stopPgServer(dir, bin = findPgBin()) {
  runAsPostgres(join(bin, 'pg_ctl'), ['-D', join(dir, 'data'), '-m', 'fast', '-w', 'stop']);
}

/**
 * Starts a throwaway cluster. Resolves to { url, port, dir, stop, start, stopServer }: `stop()`
 * stops the server and removes the folder; `stopServer()`/`start()` stop and restart it in place.
 */
export async function startPgCluster() {
  const bin = ensurePostgresInstalled();
  ensurePostgresUser();
  const dir = mkdtempSync(join(tmpdir(), 'shop-pg-'));
  chmodSync(dir, 0o777);
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  const data = join(dir, 'data');
  const port = await freePort();
  let running = false;
  const start = () => {
    startPgServer(dir, port, bin);
    running = true;
  };
  const stopServer = () => {
    if (!running) return;
    stopPgServer(dir, bin);
    running = false;
  };
  try {
    runAsPostgres(join(bin, 'initdb'), ['-D', data, '-U', 'app', '--auth=trust', '-E', 'UTF8', '--no-locale']);
    start();
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  let removed = false;
  const stop = () => {
    if (removed) return;
    try {
      stopServer();
    } finally {
      removed = true;
      rmSync(dir, { recursive: true, force: true });
    }
  };
  return { url: `postgres://app@127.0.0.1:${port}/postgres`, port, dir, start, stopServer, stop };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const cluster = await startPgCluster();
  console.log(`DATABASE_URL=${cluster.url}`);
  const finish = () => {
    cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', finish);
  process.on('SIGTERM', finish);
  setInterval(() => {}, 1 << 30);
}
