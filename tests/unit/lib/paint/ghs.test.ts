import { describe, expect, it } from 'vitest';
import {
  EU_HAZARD_STATEMENTS,
  formatStatement,
  GHS_PICTOGRAM_NAMES,
  GHS_PICTOGRAMS,
  HAZARD_STATEMENTS,
  isGhsPictogram,
  normaliseStatementCode,
  PRECAUTIONARY_STATEMENTS,
  statementKind,
  statementText,
} from '../../../../src/lib/paint/ghs';

describe('GHS pictograms', () => {
  it('names all nine with their official English names', () => {
    expect(GHS_PICTOGRAMS).toHaveLength(9);
    expect(GHS_PICTOGRAM_NAMES).toEqual({
      GHS01: 'Exploding bomb',
      GHS02: 'Flame',
      GHS03: 'Flame over circle',
      GHS04: 'Gas cylinder',
      GHS05: 'Corrosion',
      GHS06: 'Skull and crossbones',
      GHS07: 'Exclamation mark',
      GHS08: 'Health hazard',
      GHS09: 'Environment',
    });
    expect(isGhsPictogram('GHS02')).toBe(true);
    expect(isGhsPictogram('GHS10')).toBe(false);
  });
});

describe('statement tables', () => {
  it('hold every H2xx, H3xx and H4xx code of CLP Annex III', () => {
    const expected = [
      'H200', 'H201', 'H202', 'H203', 'H204', 'H205', 'H206', 'H207', 'H208', 'H220', 'H221', 'H222', 'H223', 'H224',
      'H225', 'H226', 'H228', 'H229', 'H230', 'H231', 'H232', 'H240', 'H241', 'H242', 'H250', 'H251', 'H252', 'H260',
      'H261', 'H270', 'H271', 'H272', 'H280', 'H281', 'H290', 'H300', 'H301', 'H302', 'H304', 'H310', 'H311', 'H312',
      'H314', 'H315', 'H317', 'H318', 'H319', 'H330', 'H331', 'H332', 'H334', 'H335', 'H336', 'H340', 'H341', 'H350',
      'H350i', 'H351', 'H360', 'H360F', 'H360D', 'H360FD', 'H360Fd', 'H360Df', 'H361', 'H361f', 'H361d', 'H361fd',
      'H362', 'H370', 'H371', 'H372', 'H373', 'H400', 'H410', 'H411', 'H412', 'H413', 'H420',
    ];
    for (const code of expected) expect(HAZARD_STATEMENTS[code], code).toBeTruthy();
  });

  it('hold the EUH0xx and EUH2xx codes', () => {
    for (const code of ['EUH014', 'EUH018', 'EUH019', 'EUH029', 'EUH031', 'EUH032', 'EUH044', 'EUH066', 'EUH070', 'EUH071',
      'EUH201', 'EUH201A', 'EUH202', 'EUH203', 'EUH204', 'EUH205', 'EUH206', 'EUH207', 'EUH208', 'EUH209', 'EUH209A',
      'EUH210', 'EUH211', 'EUH212', 'EUH401']) {
      expect(EU_HAZARD_STATEMENTS[code], code).toBeTruthy();
    }
  });

  it('hold the P codes printed on paint labels', () => {
    for (const code of ['P101', 'P102', 'P210', 'P233', 'P260', 'P261', 'P264', 'P271', 'P273', 'P280', 'P301+P310',
      'P302+P352', 'P303+P361+P353', 'P304+P340', 'P305+P351+P338', 'P312', 'P331', 'P337+P313', 'P370+P378', 'P391',
      'P403+P233', 'P403+P235', 'P405', 'P501', 'P211', 'P251', 'P410+P412']) {
      expect(PRECAUTIONARY_STATEMENTS[code], code).toBeTruthy();
    }
  });

  it('gives the official texts of the statements a solvent paint and an aerosol carry', () => {
    expect(statementText('H226')).toBe('Flammable liquid and vapour.');
    expect(statementText('H222')).toBe('Extremely flammable aerosol.');
    expect(statementText('H229')).toBe('Pressurised container: May burst if heated.');
    expect(statementText('H317')).toBe('May cause an allergic skin reaction.');
    expect(statementText('H412')).toBe('Harmful to aquatic life with long lasting effects.');
    expect(statementText('EUH205')).toBe('Contains epoxy constituents. May produce an allergic reaction.');
    expect(statementText('EUH211')).toBe('Warning! Hazardous respirable droplets may be formed when sprayed. Do not breathe spray or mist.');
    expect(statementText('P305+P351+P338')).toBe(
      'IF IN EYES: Rinse cautiously with water for several minutes. Remove contact lenses, if present and easy to do. Continue rinsing.',
    );
    expect(statementText('P102')).toBe('Keep out of reach of children.');
    expect(statementText('H999')).toBeUndefined();
  });

  it('has no code in two tables and only well-formed codes', () => {
    const all = [...Object.keys(HAZARD_STATEMENTS), ...Object.keys(EU_HAZARD_STATEMENTS), ...Object.keys(PRECAUTIONARY_STATEMENTS)];
    expect(new Set(all).size).toBe(all.length);
    for (const code of all) expect(code).toMatch(/^(?:(?:H\d{3}[A-Za-z]*|EUH\d{3}A?|P\d{3})\+?)+$/);
    for (const text of Object.values({ ...HAZARD_STATEMENTS, ...EU_HAZARD_STATEMENTS, ...PRECAUTIONARY_STATEMENTS })) {
      expect(text.trim()).toBe(text);
      expect(text).toMatch(/[.…!]$|…$/);
    }
  });
});

describe('codes and formatting', () => {
  it('normalises codes as typed, keeping the case of H360 letters', () => {
    expect(normaliseStatementCode('p305 + p351 + p338')).toBe('P305+P351+P338');
    expect(normaliseStatementCode('euh208')).toBe('EUH208');
    expect(normaliseStatementCode('H360Fd')).toBe('H360Fd');
    expect(statementKind('h225')).toBe('H');
    expect(statementKind('EUH066')).toBe('EUH');
    expect(statementKind('P280')).toBe('P');
    expect(statementKind('X1')).toBeNull();
  });

  it('fills or drops the placeholders the supplier completes', () => {
    expect(formatStatement('EUH208', '2-methylisothiazol-3(2H)-one')).toBe(
      'Contains 2-methylisothiazol-3(2H)-one. May produce an allergic reaction.',
    );
    expect(formatStatement('H373')).toBe('May cause damage to organs through prolonged or repeated exposure.');
    expect(formatStatement('H373', 'hearing organs')).toBe('May cause damage to organs hearing organs through prolonged or repeated exposure.');
    expect(formatStatement('H351')).toBe('Suspected of causing cancer.');
    expect(formatStatement('H226')).toBe('Flammable liquid and vapour.');
    expect(() => formatStatement('H999')).toThrow('Unknown hazard or precautionary statement: H999.');
  });
});
