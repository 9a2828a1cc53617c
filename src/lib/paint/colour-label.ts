/**
 * How a tinted line's colour reads wherever it is shown (cart, checkout, order views, e-mails,
 * invoice). Its own module without the colour tables, so islands that show a line's colour stay small.
 */

/** 'RAL 7016 Anthracite Grey': the code, then the name when known. */
export function formatColourLabel(colour: { code: string; name: string }): string {
  return colour.name ? `${colour.code} ${colour.name}` : colour.code;
}
