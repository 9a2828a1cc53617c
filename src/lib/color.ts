/**
 * Colour maths on '#rrggbb' strings: mixing and ramps for painted backgrounds, WCAG luminance and
 * contrast for choosing text that stays readable on a paint colour.
 */

// The three site colours below repeat tokens of src/styles/global.css, which TypeScript cannot import.
/** The site's ink, its text colour (--color-ink). */
export const INK_HEX = '#0f1b2d';
/** The page background (--color-paper). */
export const PAPER_HEX = '#fbfaf7';
/** The tinted background of bands and cards (--color-canvas). */
export const CANVAS_HEX = '#f3efe8';
/** White, the other text colour on painted backgrounds. */
export const WHITE_HEX = '#ffffff';

/** The minimum WCAG contrast of body text (level AA). */
export const TEXT_CONTRAST_MIN = 4.5;
/** The minimum WCAG contrast of large text, 24 px and up (level AA). */
export const LARGE_TEXT_CONTRAST_MIN = 3;

/** The red, green and blue channels (0-255) of a '#rrggbb' colour ('#' optional, any letter case). */
export function parseHex(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`Not a '#rrggbb' colour: ${hex}`);
  return [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
}

/** Mixes two '#rrggbb' colours; t = 0 gives `from`, t = 1 gives `to`. */
export function mixHex(from: string, to: string, t: number): string {
  const a = parseHex(from);
  const b = parseHex(to);
  const channel = (i: number) => Math.round(a[i]! + (b[i]! - a[i]!) * t).toString(16).padStart(2, '0');
  return `#${channel(0)}${channel(1)}${channel(2)}`;
}

/** `steps` evenly spaced colours from `from` to `to`, both ends included; fewer than 2 steps give [from]. */
export function rampHex(from: string, to: string, steps: number): string[] {
  if (steps < 2) return [from];
  return Array.from({ length: steps }, (_, i) => mixHex(from, to, i / (steps - 1)));
}

/** Relative luminance (0 to 1) of a '#rrggbb' colour, by the WCAG 2 definition. */
export function computeLuminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two '#rrggbb' colours (1 to 21), in either order. */
export function computeContrast(a: string, b: string): number {
  const [hi, lo] = [computeLuminance(a), computeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The text colour (site ink or white) with the higher contrast on a background colour; ink on a tie. */
export function pickTextColor(background: string): typeof INK_HEX | typeof WHITE_HEX {
  return computeContrast(background, INK_HEX) >= computeContrast(background, WHITE_HEX) ? INK_HEX : WHITE_HEX;
}

/** The first colour of a palette readable as text on the page paper (contrast ≥ 4.5), else ink. */
export function pickAccentColor(palette: readonly { hex: string }[]): string {
  return palette.find((s) => computeContrast(s.hex, PAPER_HEX) >= TEXT_CONTRAST_MIN)?.hex ?? INK_HEX;
}
