// The axe test files (axe-N.test.ts) together check every public route, each once.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES } from '../helpers/routes';
import { routesOfPart } from './axe-check';

describe('axe test files', () => {
  it('cover every public route exactly once between them', () => {
    const dir = new URL('.', import.meta.url);
    const calls = readdirSync(dir)
      .filter((file) => /^axe-\d+\.test\.ts$/.test(file))
      .map((file) => /describeAxeCheck\((\d+), (\d+)\)/.exec(readFileSync(new URL(file, dir), 'utf8')))
      .map((match) => ({ part: Number(match?.[1]), parts: Number(match?.[2]) }));
    expect(calls.map((c) => c.parts), 'every file declares the number of files as its parts').toEqual(calls.map(() => calls.length));
    const covered = calls.flatMap((c) => routesOfPart(c.part, c.parts));
    expect(covered.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });
});
