/** Mixes two '#rrggbb' colours; t = 0 gives `from`, t = 1 gives `to`. */
export function mixHex(from: string, to: string, t: number): string {
  const a = parseHex(from);
  const b = parseHex(to);
  const channel = (i: number) => Math.round(a[i]! + (b[i]! - a[i]!) * t).toString(16).padStart(2, '0');
  return `#${channel(0)}${channel(1)}${channel(2)}`;
}

/** `steps` evenly spaced colours from `from` to `to`, both ends included. */
export function rampHex(from: string, to: string, steps: number): string[] {
  if (steps < 2) return [from];
  return Array.from({ length: steps }, (_, i) => mixHex(from, to, i / (steps - 1)));
}

/** The red, green and blue channels (0-255) of a '#rrggbb' colour. */
function parseHex(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`Not a '#rrggbb' colour: ${hex}`);
  return [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
}
