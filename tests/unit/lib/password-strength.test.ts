import { describe, expect, it } from 'vitest';
import { labelPasswordScore, measurePasswordStrength } from '../../../src/lib/password-strength';

describe('measurePasswordStrength', () => {
  it.each([
    ['', 0, 'Very Weak'],
    ['abc', 1, 'Very Weak'],
    ['abcdefgh', 2, 'Weak'],
    ['Abcdefgh', 3, 'Moderate'],
    ['Abcdefg1', 4, 'Strong'],
    ['Abcdef1!', 5, 'Very Strong'],
    ['A1!', 3, 'Moderate'],
  ])('scores %j as %i (%s)', (password, score, label) => {
    const strength = measurePasswordStrength(password);
    expect(strength.score).toBe(score);
    expect(strength.label).toBe(label);
    expect(strength.fraction).toBe(score / 5);
  });

  it('gives one point each for length, uppercase, lowercase, digit and special character', () => {
    expect(measurePasswordStrength('        ').score).toBe(2); // length + special (spaces)
    expect(measurePasswordStrength('ÄÖÜ').score).toBe(1); // non-ASCII uppercase counts
    expect(measurePasswordStrength('1234567890').score).toBe(2);
  });

  it('lists the four checklist items in order: 8 characters, uppercase, number, special character', () => {
    const { checklist } = measurePasswordStrength('abcdefg1');
    expect(checklist.map((c) => c.id)).toEqual(['length', 'uppercase', 'number', 'special']);
    expect(checklist.map((c) => c.met)).toEqual([true, false, true, false]);
    expect(checklist[0]!.label).toBe('At least 8 characters');
  });
});

describe('labelPasswordScore', () => {
  it('labels 0-1 Very Weak, 2 Weak, 3 Moderate, 4 Strong, 5 Very Strong', () => {
    expect([0, 1, 2, 3, 4, 5].map(labelPasswordScore)).toEqual(['Very Weak', 'Very Weak', 'Weak', 'Moderate', 'Strong', 'Very Strong']);
  });
});
