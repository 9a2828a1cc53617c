import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  colourSwatch,
  COLOUR_SYSTEMS,
  foldColourName,
  getColourSystem,
  isColourQuery,
  lookupColour,
  parseRalCode,
  RAL_CLASSIC_SYSTEM,
  searchColours,
} from '../../../../src/lib/paint/colours';
import { RAL_CLASSIC } from '../../../../src/lib/paint/ral-classic';

describe('the RAL Classic table', () => {
  it('holds every row of the fixture, unique codes, valid hex', () => {
    const csv = readFileSync(new URL('../../../../src/lib/paint/ral-classic.csv', import.meta.url), 'utf8').trim().split('\n');
    expect(RAL_CLASSIC).toHaveLength(csv.length);
    expect(new Set(RAL_CLASSIC.map((r) => r[0])).size).toBe(RAL_CLASSIC.length);
    for (const [code, , hex] of RAL_CLASSIC) {
      expect(code).toMatch(/^[1-9]\d{3}$/);
      expect(hex).toMatch(/^#[0-9a-f]{6}$/);
    }
    expect(csv).toContain('"Anthracite Grey","7016","#293133"');
  });
});

describe('lookup', () => {
  it('finds RAL 7016 by every way of writing its code', () => {
    for (const q of ['RAL 7016', '7016', 'ral7016', 'RAL-7016', ' ral 7016 ', 'RAL Classic 7016']) {
      expect(lookupColour(q), q).toEqual({ system: 'ral-classic', code: 'RAL 7016', name: 'Anthracite Grey', hex: '#293133' });
    }
  });

  it('finds a colour by name in any case, with grey or gray', () => {
    for (const q of ['Anthracite grey', 'ANTHRACITE GREY', 'anthracite gray', 'Anthracite-Grey', 'RAL anthracite grey']) {
      expect(lookupColour(q)?.code, q).toBe('RAL 7016');
    }
    expect(lookupColour('pure white')?.code).toBe('RAL 9010');
    expect(lookupColour('signal yellow')?.hex).toBe('#e5be01');
  });

  it('folds without locale rules, so a Turkish-locale lower case changes nothing', () => {
    expect(foldColourName('SIGNAL WHITE')).toBe('signal white');
    expect(foldColourName('Créme  Gray')).toBe('creme grey');
  });

  it('answers null for unknown codes and names', () => {
    expect(lookupColour('RAL 0000')).toBeNull();
    expect(lookupColour('70165')).toBeNull();
    expect(lookupColour('Midnight unicorn')).toBeNull();
    expect(lookupColour('')).toBeNull();
    expect(parseRalCode('RAL 70')).toBeNull();
    expect(isColourQuery('RAL 7016')).toBe(true);
    expect(isColourQuery('matt emulsion')).toBe(false);
  });
});

describe('search', () => {
  it('puts the exact code first, then code prefixes', () => {
    expect(searchColours('RAL 7016')[0]?.code).toBe('RAL 7016');
    const seventy = searchColours('70', 50);
    expect(seventy.length).toBeGreaterThan(5);
    expect(seventy.every((c) => c.code.startsWith('RAL 70'))).toBe(true);
  });

  it('matches names by words and word starts, grey or gray, best first', () => {
    const grey = searchColours('anthracite gray');
    expect(grey[0]?.name).toBe('Anthracite Grey');
    const partial = searchColours('anthra');
    expect(partial.map((c) => c.code)).toContain('RAL 7016');
    const words = searchColours('grey dark', 50);
    expect(words.every((c) => /dark/i.test(c.name) && /grey/i.test(c.name))).toBe(true);
    expect(searchColours('grey', 5)).toHaveLength(5);
    expect(searchColours('')).toEqual([]);
    expect(searchColours('zzz')).toEqual([]);
  });
});

describe('systems and swatches', () => {
  it('lists RAL Classic as a system found by id', () => {
    expect(COLOUR_SYSTEMS.map((s) => s.id)).toEqual(['ral-classic']);
    expect(getColourSystem('ral-classic')).toBe(RAL_CLASSIC_SYSTEM);
    expect(getColourSystem('ncs')).toBeUndefined();
    expect(RAL_CLASSIC_SYSTEM.colours).toHaveLength(RAL_CLASSIC.length);
  });

  it('gives readable text on dark and light swatches', () => {
    expect(colourSwatch(lookupColour('7016')!)).toEqual({ background: '#293133', text: '#ffffff' });
    expect(colourSwatch(lookupColour('9010')!).text).toBe('#0f1b2d');
  });
});
