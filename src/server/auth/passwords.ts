import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import type { Algorithm } from '@node-rs/argon2';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { HashingThreads } from './hashing-threads';
import { WorkGate } from './work-gate';

// argon2id with the OWASP baseline: 19 MiB, 2 passes, 1 lane (about 20-30 ms here).
const ARGON2_OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * zxcvbn's guess estimate below which a password is refused: its score 0-1, "too guessable", i.e.
 * within the first million guesses of an attacker replaying leaked-password lists with l33t,
 * capitalisation, digit and year decorations, keyboard walks, repeats and dates.
 */
const COMMON_PASSWORD_MAX_GUESSES = 1e6;
/** Characters zxcvbn reads: its cost grows steeply with length; a longer prefix is never "common". */
const COMMON_PASSWORD_CHECK_LENGTH = 64;

let estimator: ZxcvbnFactory | undefined;

/** The zxcvbn estimator over the maintained common-password and word lists, built on first use. */
function passwordEstimator(): ZxcvbnFactory {
  if (!estimator) {
    // Required here rather than imported: decompressing and ranking the ~57,000 entries takes a
    // few hundred ms that only a password change should pay, never a server start or a page.
    const require = createRequire(import.meta.url);
    const { ZxcvbnFactory: Factory } = require('@zxcvbn-ts/core') as typeof import('@zxcvbn-ts/core');
    const common = require('@zxcvbn-ts/language-common') as typeof import('@zxcvbn-ts/language-common');
    estimator = new Factory({
      dictionary: common.dictionary,
      graphs: common.adjacencyGraphs,
      maxLength: COMMON_PASSWORD_CHECK_LENGTH,
    });
  }
  return estimator;
}

/**
 * Whether a password is, or is trivially built from, a common password, word or pattern
 * ('password123', 'P@ssw0rd123', 'football2024', 'qwertyuiop'): fewer than a million guesses for zxcvbn.
 */
export function isCommonPassword(password: string): boolean {
  return passwordEstimator().check(password).guesses < COMMON_PASSWORD_MAX_GUESSES;
}

/** How long a sign-in waits for a hashing slot unless PASSWORD_WAIT_MS says otherwise. */
export const PASSWORD_WAIT_DEFAULT_MS = 5_000;

/** Hashes at a time: the cores the event loop does not need (one on a two-core machine). */
const HASHING_CONCURRENCY = Math.max(1, availableParallelism() - 1);

/**
 * Every argon2 hash and verification goes through this gate: HASHING_CONCURRENCY at a time (each
 * takes 19 MiB and ~25 ms of a core); beyond 64 waiting or PASSWORD_WAIT_MS of waiting (5 s unless
 * set) a sign-in gets 503 with Retry-After.
 */
export const passwordGate = new WorkGate(HASHING_CONCURRENCY, 64, PASSWORD_WAIT_DEFAULT_MS);

/**
 * The threads the hashes run on, one per gate slot, at the lowest priority: a sign-in burst then
 * takes only the CPU time that pages, the catalogue and orders leave (see HashingThreads).
 */
export const hashingThreads = new HashingThreads(HASHING_CONCURRENCY);

/** An argon2id hash (PHC string) of a password. */
export function hashPassword(password: string): Promise<string> {
  return passwordGate.run(() => hashingThreads.hash(password, ARGON2_OPTIONS));
}

/** Whether `password` matches the PHC hash; false for a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return passwordGate.run(async () => {
    try {
      return await hashingThreads.verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

// An argon2id hash of a random password, made once: unknown accounts verify against it.
let decoyHash: Promise<string> | undefined;

/**
 * Whether `password` matches the account's hash; for an unknown account (no hash) a decoy hash with
 * the same parameters is verified and false returned, so both answers take as long.
 */
export async function verifyAccountPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (passwordHash !== undefined) return verifyPassword(passwordHash, password);
  decoyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  await verifyPassword(await decoyHash, password);
  return false;
}
