import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { HASHING_NICE, HashingThreads } from '../../../../src/server/auth/hashing-threads';
import { hashingThreads, hashPassword, verifyAccountPassword, verifyPassword } from '../../../../src/server/auth/passwords';

/** The nice value of this process's main thread (Linux), as the kernel reports it. */
function mainThreadNice(): number {
  return Number(readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1]!.split(' ')[16]);
}

const linux = process.platform === 'linux';

describe('HashingThreads', () => {
  const threads = new HashingThreads(2);
  afterAll(() => threads.close());

  it('hashes and verifies argon2id off the main thread', async () => {
    const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
    const hashes = await Promise.all([threads.hash('Harbour7!Lights', options), threads.hash('Harbour7!Lights', options)]);
    expect(hashes[0]).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(hashes[0]).not.toBe(hashes[1]);
    await expect(threads.verify(hashes[0]!, 'Harbour7!Lights')).resolves.toBe(true);
    await expect(threads.verify(hashes[1]!, 'Harbour7!lights')).resolves.toBe(false);
  });

  it('rejects a malformed hash and keeps working', async () => {
    await expect(threads.verify('not-a-phc-string', 'x')).rejects.toThrow();
    await expect(threads.verify(await threads.hash('Fresh-Coat-2027', {}), 'Fresh-Coat-2027')).resolves.toBe(true);
  });

  it.runIf(linux)('runs its threads at the lowest priority and leaves the main thread at its own', async () => {
    const before = mainThreadNice();
    await threads.hash('Graphene!Primer#88', {});
    const nices = await threads.niceValues();
    expect(nices.length).toBeGreaterThan(0);
    for (const nice of nices) expect(nice).toBe(Math.max(HASHING_NICE, before));
    expect(mainThreadNice()).toBe(before);
  });

  it('starts a new thread after one dies, failing only the jobs it held', async () => {
    const single = new HashingThreads(1);
    try {
      await single.hash('Fresh-Coat-2027', {});
      const inFlight = single.hash('Fresh-Coat-2027', { timeCost: 50 });
      await single.close();
      await expect(inFlight).rejects.toThrow(/stopped/);
      await expect(single.verify(await single.hash('Fresh-Coat-2027', {}), 'Fresh-Coat-2027')).resolves.toBe(true);
    } finally {
      await single.close();
    }
  });
});

describe('password hashing of the server', () => {
  it('hashes on the niced threads and verifies known and unknown accounts', async () => {
    const hash = await hashPassword('Harbour7!Lights');
    await expect(verifyPassword(hash, 'Harbour7!Lights')).resolves.toBe(true);
    await expect(verifyPassword(hash, 'wrong')).resolves.toBe(false);
    await expect(verifyPassword('garbage', 'wrong')).resolves.toBe(false);
    await expect(verifyAccountPassword(undefined, 'Harbour7!Lights')).resolves.toBe(false);
    if (linux) expect((await hashingThreads.niceValues()).every((n) => n !== undefined && n >= HASHING_NICE)).toBe(true);
  });
});
