/**
 * The UFI (Unique Formula Identifier, CLP Annex VIII): 16 characters in four groups
 * ('N1QV-R02N-J00M-WQD5'), validated with the check character of ECHA's UFI Developers Manual
 * (ECHA-19-H-08-EN, 2021, chapter 2, step 4): the characters' values in its base-31 alphabet,
 * weighted 1 for the first (the check character) and 2 … 16 for the rest, sum to a multiple of 31.
 * The manual's further check of the payload's version bit needs the whole decoding and is not made
 * here: a code that passes this check can still be one no company generated.
 */

/** ECHA's base-31 alphabet: digits and capitals without B, I, L, O and Z (easily misread). */
export const UFI_ALPHABET = '0123456789ACDEFGHJKMNPQRSTUVWXY';

/** Messages for each way a UFI can be wrong. */
export const UFI_MESSAGES = {
  length: 'A UFI has 16 characters (4 groups of 4).',
  characters: 'A UFI uses only digits and the capital letters A–Y except B, I, L, O (and no Z).',
  check: 'This UFI is mistyped: its check character does not match (look for swapped or wrong characters).',
} as const;

/** The outcome of validateUfi: the UFI as labels print it, or why it is not one. */
export type UfiResult = { ok: true; ufi: string } | { ok: false; reason: keyof typeof UFI_MESSAGES; message: string };

/** Checks a UFI as typed (any case, with or without 'UFI:', hyphens or spaces) and formats it 'XXXX-XXXX-XXXX-XXXX'. */
export function validateUfi(input: string): UfiResult {
  const compact = input
    .trim()
    .replace(/^ufi\s*:?\s*/i, '')
    .replace(/[\s-]+/g, '')
    .toUpperCase();
  const fail = (reason: keyof typeof UFI_MESSAGES): UfiResult => ({ ok: false, reason, message: UFI_MESSAGES[reason] });
  if (compact.length !== 16) return fail('length');
  let sum = 0;
  for (let i = 0; i < 16; i++) {
    const value = UFI_ALPHABET.indexOf(compact[i]!);
    if (value < 0) return fail('characters');
    sum += (i + 1) * value;
  }
  if (sum % 31 !== 0) return fail('check');
  return { ok: true, ufi: compact.match(/.{4}/g)!.join('-') };
}

/** The check character (the UFI's first) for the other 15 characters of a UFI. */
export function computeUfiCheckCharacter(rest: string): string {
  const chars = rest.replace(/-/g, '').toUpperCase();
  if (chars.length !== 15) throw new RangeError('The UFI without its check character has 15 characters.');
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const value = UFI_ALPHABET.indexOf(chars[i]!);
    if (value < 0) throw new RangeError(UFI_MESSAGES.characters);
    sum += (i + 2) * value;
  }
  return UFI_ALPHABET[(31 - (sum % 31)) % 31]!;
}
