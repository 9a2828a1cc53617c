// The page sweep files (pages-N.test.ts) together visit every public route, each once per width.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES } from '../helpers/routes';
import { routesOfPart } from './page-sweep';

describe('page sweep files', () => {
  it('cover every public route exactly once between them', () => {
    const dir = new URL('.', import.meta.url);
    const calls = readdirSync(dir)
      .filter((file) => /^pages-\d+\.test\.ts$/.test(file))
      .map((file) => /describePageSweep\((\d+), (\d+)\)/.exec(readFileSync(new URL(file, dir), 'utf8')))
      .map((match) => ({ part: Number(match?.[1]), parts: Number(match?.[2]) }));
    expect(calls.length, 'sweep files found').toBeGreaterThan(0);
    expect(calls.map((c) => c.parts), 'every file declares the number of files as its parts').toEqual(calls.map(() => calls.length));
    const covered = calls.flatMap((c) => routesOfPart(c.part, c.parts));
    expect(covered.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });
});
