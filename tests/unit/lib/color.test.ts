import { describe, expect, it } from 'vitest';
import {
  CANVAS_HEX,
  INK_HEX,
  LARGE_TEXT_CONTRAST_MIN,
  PAPER_HEX,
  TEXT_CONTRAST_MIN,
  WHITE_HEX,
  computeContrast,
  computeLuminance,
  mixHex,
  parseHex,
  pickAccentColor,
  pickTextColor,
  rampHex,
} from '../../../src/lib/color';

describe('site colours', () => {
  it('match the ink, paper and canvas tokens of global.css and the WCAG AA minimums', () => {
    expect([INK_HEX, PAPER_HEX, CANVAS_HEX, WHITE_HEX]).toEqual(['#0f1b2d', '#fbfaf7', '#f3efe8', '#ffffff']);
    expect([TEXT_CONTRAST_MIN, LARGE_TEXT_CONTRAST_MIN]).toEqual([4.5, 3]);
  });
});

describe('parseHex', () => {
  it('reads the three channels of a #rrggbb colour, in either letter case, with or without #', () => {
    expect(parseHex('#0f1b2d')).toEqual([15, 27, 45]);
    expect(parseHex('#FFA500')).toEqual([255, 165, 0]);
    expect(parseHex('1f4f7a')).toEqual([31, 79, 122]);
  });

  it('refuses anything that is not six hex digits, naming the value', () => {
    for (const bad of ['#fff', '#12345g', 'red', '', '#1234567']) {
      expect(() => parseHex(bad)).toThrow(`Not a '#rrggbb' colour: ${bad}`);
    }
  });
});

describe('mixHex', () => {
  it('gives `from` at t = 0 and `to` at t = 1, in lower case', () => {
    expect(mixHex('#0F1B2D', '#1f4f7a', 0)).toBe('#0f1b2d');
    expect(mixHex('#0f1b2d', '#1F4F7A', 1)).toBe('#1f4f7a');
  });

  it('mixes each channel in proportion and rounds to whole values', () => {
    expect(mixHex('#000000', '#ffffff', 0.5)).toBe('#808080');
    // 15→31, 27→79, 45→122 a quarter of the way: 19, 40, 64.25 → 64.
    expect(mixHex('#0f1b2d', '#1f4f7a', 0.25)).toBe('#132840');
  });

  it('keeps two digits for small channels', () => {
    expect(mixHex('#000000', '#100000', 0.5)).toBe('#080000');
  });
});

describe('rampHex', () => {
  it('spaces the colours evenly and includes both ends', () => {
    expect(rampHex('#0f1b2d', '#1f4f7a', 5)).toEqual(['#0f1b2d', '#132840', '#173554', '#1b4267', '#1f4f7a']);
    expect(rampHex('#000000', '#ffffff', 2)).toEqual(['#000000', '#ffffff']);
  });

  it('gives just the first colour for fewer than two steps', () => {
    expect(rampHex('#0f1b2d', '#1f4f7a', 1)).toEqual(['#0f1b2d']);
    expect(rampHex('#0f1b2d', '#1f4f7a', 0)).toEqual(['#0f1b2d']);
  });
});

describe('computeLuminance', () => {
  it('is 1 for white and 0 for black', () => {
    expect(computeLuminance('#ffffff')).toBe(1);
    expect(computeLuminance('#000000')).toBe(0);
  });

  it('weighs the channels by the WCAG coefficients', () => {
    expect(computeLuminance('#ff0000')).toBeCloseTo(0.2126, 10);
    expect(computeLuminance('#00ff00')).toBeCloseTo(0.7152, 10);
    expect(computeLuminance('#0000ff')).toBeCloseTo(0.0722, 10);
  });

  it('linearises sRGB: mid grey is about 0.216, not 0.5', () => {
    expect(computeLuminance('#808080')).toBeCloseTo(0.21586, 5);
    // Below the 0.03928 knee the curve is linear: 10/255/12.92.
    expect(computeLuminance('#0a0a0a')).toBeCloseTo(10 / 255 / 12.92, 10);
  });
});

describe('computeContrast', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(computeContrast('#000000', '#ffffff')).toBe(21);
    expect(computeContrast('#587246', '#587246')).toBe(1);
  });

  it('does not depend on the order of the two colours', () => {
    expect(computeContrast('#0f1b2d', '#fbfaf7')).toBeCloseTo(16.56, 2);
    expect(computeContrast('#fbfaf7', '#0f1b2d')).toBeCloseTo(16.56, 2);
  });

  it('puts #767676 just above and #777777 just below 4.5 on white', () => {
    expect(computeContrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(computeContrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});

describe('pickTextColor', () => {
  it('puts ink on light and bright paint colours', () => {
    expect(pickTextColor('#ffffff')).toBe('#0f1b2d');
    expect(pickTextColor('#e5be01')).toBe('#0f1b2d');
    expect(pickTextColor('#a5a5a5')).toBe('#0f1b2d');
    // Traffic Orange: 4.64 with ink against 3.72 with white.
    expect(pickTextColor('#f54021')).toBe('#0f1b2d');
  });

  it('puts white on dark paint colours', () => {
    expect(pickTextColor('#000000')).toBe('#ffffff');
    expect(pickTextColor('#063971')).toBe('#ffffff');
    expect(pickTextColor('#767676')).toBe('#ffffff');
  });

  it('always gives the text colour with the higher contrast', () => {
    for (const bg of ['#2d572c', '#89ac76', '#955f20', '#c1876b', '#606e8c', '#8b8c7a', '#49678d', '#af2b1e']) {
      const other = pickTextColor(bg) === INK_HEX ? WHITE_HEX : INK_HEX;
      expect(computeContrast(bg, pickTextColor(bg))).toBeGreaterThanOrEqual(computeContrast(bg, other));
    }
  });
});

describe('pickAccentColor', () => {
  it('takes the first colour of the palette that reads as text on the paper (≥ 4.5)', () => {
    const palette = [{ hex: '#89ac76' }, { hex: '#e5be01' }, { hex: '#587246' }, { hex: '#2d572c' }];
    // 2.45 and 1.72 are too pale; Reseda Green reaches 4.8.
    expect(pickAccentColor(palette)).toBe('#587246');
  });

  it('keeps the first colour when it already reads', () => {
    expect(pickAccentColor([{ hex: '#0e294b' }, { hex: '#af2b1e' }])).toBe('#0e294b');
  });

  it('falls back to ink when no colour reads, or the palette is empty', () => {
    expect(pickAccentColor([{ hex: '#e5be01' }, { hex: '#d7d7d7' }])).toBe('#0f1b2d');
    expect(pickAccentColor([])).toBe('#0f1b2d');
  });
});
