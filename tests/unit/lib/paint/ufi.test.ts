import { describe, expect, it } from 'vitest';
import { computeUfiCheckCharacter, UFI_ALPHABET, UFI_MESSAGES, validateUfi } from '../../../../src/lib/paint/ufi';
import { createRandom } from '../../../../src/lib/product-art/lib.mjs';

describe('validateUfi', () => {
  it('accepts published UFIs and formats them in four groups', () => {
    // The example UFI of public descriptions of the label element, and two generated with ECHA's algorithm
    // (one from the manual's sample Irish VAT number IE9Z54321Y, formula 134217728).
    for (const ufi of ['N1QV-R02N-J00M-WQD5', 'R3NN-3KVT-2XSG-W43J', 'GMTT-2SQN-6FDD-6TV1']) {
      expect(validateUfi(ufi)).toEqual({ ok: true, ufi });
    }
    expect(validateUfi('UFI: n1qv r02n j00m wqd5')).toEqual({ ok: true, ufi: 'N1QV-R02N-J00M-WQD5' });
    expect(validateUfi('n1qvr02nj00mwqd5')).toEqual({ ok: true, ufi: 'N1QV-R02N-J00M-WQD5' });
  });

  it('refuses a wrong length, forbidden letters and a wrong check character with clear messages', () => {
    expect(validateUfi('N1QV-R02N-J00M-WQD')).toEqual({ ok: false, reason: 'length', message: UFI_MESSAGES.length });
    expect(validateUfi('')).toMatchObject({ reason: 'length' });
    // A UFI printed as an example on a product database page: its 'L' is not in ECHA's alphabet.
    expect(validateUfi('H563-L90S-R783-J823')).toEqual({ ok: false, reason: 'characters', message: UFI_MESSAGES.characters });
    expect(validateUfi('N1QV-R02N-J00M-WQDO')).toMatchObject({ reason: 'characters' });
    expect(validateUfi('N1QV-R02N-J00M-WQD6')).toEqual({ ok: false, reason: 'check', message: UFI_MESSAGES.check });
    // Two neighbours swapped.
    expect(validateUfi('N1QV-R02N-J00M-QWD5')).toMatchObject({ reason: 'check' });
  });

  it('catches every single wrong character and every swap of two different neighbours (seeded random UFIs)', () => {
    const random = createRandom('ufi') as () => number;
    for (let k = 0; k < 300; k++) {
      const rest = Array.from({ length: 15 }, () => UFI_ALPHABET[Math.floor(random() * 31)]).join('');
      const ufi = computeUfiCheckCharacter(rest) + rest;
      expect(validateUfi(ufi).ok).toBe(true);
      const pos = Math.floor(random() * 16);
      const other = UFI_ALPHABET[(UFI_ALPHABET.indexOf(ufi[pos]!) + 1 + Math.floor(random() * 30)) % 31]!;
      expect(validateUfi(ufi.slice(0, pos) + other + ufi.slice(pos + 1)).ok).toBe(false);
      const i = Math.floor(random() * 15);
      if (ufi[i] !== ufi[i + 1]) {
        const swapped = ufi.slice(0, i) + ufi[i + 1] + ufi[i] + ufi.slice(i + 2);
        expect(validateUfi(swapped).ok).toBe(false);
      }
    }
  });

  it('computes the check character of a known UFI', () => {
    expect(computeUfiCheckCharacter('1QV-R02N-J00M-WQD5')).toBe('N');
    expect(() => computeUfiCheckCharacter('123')).toThrow(RangeError);
  });
});
