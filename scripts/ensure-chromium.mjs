// Makes sure Debian's headless Chromium shell is at /usr/bin/chromium-headless-shell for the browser
// tests, installing it with apt-get when missing. Idempotent: does nothing when it is already there.
// The shell is Chromium's engine without the browser's window machinery: a smaller download than
// the full browser, and on a 2-core machine it opens a page in about half the time.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Where the browser tests expect Chromium (Debian's chromium-headless-shell package puts it here). */
export const CHROMIUM_PATH = '/usr/bin/chromium-headless-shell';
/** The Debian package that provides it. */
const CHROMIUM_PACKAGE = 'chromium-headless-shell';

const HOW_TO =
  `Chromium is required for the browser tests: install it with \`sudo apt-get update && sudo apt-get install -y ${CHROMIUM_PACKAGE}\` (it must end up at ${CHROMIUM_PATH}).`;

/** Runs one apt-get command, streaming its output; true when it succeeded. */
function runAptGet(args) {
  // Another engineer or job may hold the dpkg lock; wait for it instead of failing at once.
  const result = spawnSync('apt-get', ['-o', 'DPkg::Lock::Timeout=600', ...args], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

/** Installs Chromium when it is missing; returns whether it is available afterwards. */
export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return true;
  console.log(`[ensure-chromium] ${CHROMIUM_PATH} is missing; installing Debian's ${CHROMIUM_PACKAGE} package...`);
  const installed =
    runAptGet(['update', '-q']) &&
    runAptGet(['install', '-y', '-q', CHROMIUM_PACKAGE]) &&
    existsSync(CHROMIUM_PATH);
  return installed;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (ensureChromium()) {
    console.log(`[ensure-chromium] ${CHROMIUM_PATH} is ready.`);
  } else {
    console.error(HOW_TO);
    process.exit(1);
  }
}
