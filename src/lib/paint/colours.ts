/**
 * Colours a tintable paint can be ordered in, by colour system. Each system implements
 * `ColourSystem` and is listed in `COLOUR_SYSTEMS`; RAL Classic is the first. Further systems plug
 * in here: NCS (codes like 'S 2050-Y90R'), BS 4800 ('10 A 11'), BS 381C, Pantone, a maker's own
 * fan deck: a table generated beside ral-classic.ts, a `ColourSystem` object parsing its codes,
 * and one more entry in COLOUR_SYSTEMS. Cart and order lines keep `{ system, code }`, never the hex.
 */
import { pickTextColor } from '../color';
import { unknownColourMessage } from '../schemas/tinting';
import { RAL_CLASSIC } from './ral-classic';

/** One colour of a system: its system id, canonical code ('RAL 7016'), English name and screen hex. */
export interface Colour {
  system: string;
  code: string;
  name: string;
  hex: string;
}

/** A colour system the shop can tint in. */
export interface ColourSystem {
  /** Stable id kept on cart and order lines ('ral-classic'). */
  id: string;
  /** Name shown to shoppers ('RAL Classic'). */
  label: string;
  /** Every colour of the system, in its own order. */
  colours: readonly Colour[];
  /** The colour a code or exact name denotes, in any spelling the system accepts; null if none. */
  lookup(query: string): Colour | null;
  /** Colours whose code or name matches a free-text query, best first, at most `limit`. */
  search(query: string, limit?: number): Colour[];
}

/**
 * A name folded for comparison: lower case without locale rules (no Turkish dotless i), accents
 * stripped, American 'gray' spelled 'grey', and runs of spaces, hyphens and dots as one space.
 */
export function foldColourName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/gray/g, 'grey')
    .replace(/[\s\-_.,/]+/g, ' ')
    .trim();
}

/** The four digits of a RAL Classic code written 'RAL 7016', 'ral7016', 'RAL-7016' or '7016'; null otherwise. */
export function parseRalCode(text: string): string | null {
  const m = /^\s*(?:ral[\s\-_.]*)?(?:classic[\s\-_.]*)?(\d{4})\s*$/i.exec(text);
  return m ? m[1]! : null;
}

function buildRalClassic(): ColourSystem {
  const colours: Colour[] = RAL_CLASSIC.map(([code, name, hex]) => ({ system: 'ral-classic', code: `RAL ${code}`, name, hex }));
  const byDigits = new Map(colours.map((c) => [c.code.slice(4), c]));
  const folded = colours.map((c) => ({ colour: c, name: foldColourName(c.name), digits: c.code.slice(4) }));
  const byName = new Map(folded.map((f) => [f.name, f.colour]));

  return {
    id: 'ral-classic',
    label: 'RAL Classic',
    colours,
    lookup(query) {
      const digits = parseRalCode(query);
      if (digits) return byDigits.get(digits) ?? null;
      const name = foldColourName(query).replace(/^ral (classic )?/, '');
      return byName.get(name) ?? null;
    },
    search(query, limit = 10) {
      const q = foldColourName(query).replace(/^ral ?(classic ?)?/, '');
      if (!q) return [];
      const digits = q.replace(/ /g, '');
      const words = q.split(' ');
      const scored: { colour: Colour; score: number; order: number }[] = [];
      folded.forEach((f, order) => {
        let score = 0;
        if (/^\d{1,4}$/.test(digits) && f.digits.startsWith(digits)) score = digits.length === 4 ? 100 : 60;
        else if (f.name === q) score = 90;
        else if (f.name.startsWith(q)) score = 70;
        else if (words.every((w) => f.name.split(' ').some((part) => part.startsWith(w)))) score = 50;
        else if (f.name.includes(q)) score = 30;
        if (score > 0) scored.push({ colour: f.colour, score, order });
      });
      scored.sort((a, b) => b.score - a.score || a.order - b.order);
      return scored.slice(0, limit).map((s) => s.colour);
    },
  };
}

/** RAL Classic: 213 colours from ral-classic.ts. */
export const RAL_CLASSIC_SYSTEM: ColourSystem = buildRalClassic();

/** Every colour system the shop tints in; add further systems here. */
export const COLOUR_SYSTEMS: readonly ColourSystem[] = [RAL_CLASSIC_SYSTEM];

/** The system with an id, or undefined. */
export function getColourSystem(id: string): ColourSystem | undefined {
  return COLOUR_SYSTEMS.find((s) => s.id === id);
}

/** The colour a code or name denotes in any system (the first system that knows it), or null. */
export function lookupColour(query: string): Colour | null {
  for (const system of COLOUR_SYSTEMS) {
    const found = system.lookup(query);
    if (found) return found;
  }
  return null;
}

/** Colours matching a query across all systems, best first per system, at most `limit`. */
export function searchColours(query: string, limit = 10): Colour[] {
  return COLOUR_SYSTEMS.flatMap((s) => s.search(query, limit)).slice(0, limit);
}

/** Whether a shop search query names a colour (so tintable paints should match it). */
export function isColourQuery(query: string): boolean {
  return lookupColour(query) !== null;
}

/** A swatch's colours: its background and the ink or white that stays readable on it. */
export function colourSwatch(colour: Colour): { background: string; text: string } {
  return { background: colour.hex, text: pickTextColor(colour.hex) };
}

/** The colour a line asks for as its system has it, or the message of why the shop cannot mix it (an unknown code or system). */
export function resolveAskedColour(asked: { system: string; code: string }): Colour | string {
  const system = getColourSystem(asked.system);
  return system?.lookup(asked.code) ?? unknownColourMessage(asked, system?.label);
}

/** A colour kept on an order, quote or list line, for the API: as kept, with today's screen hex of its code ('' when the system no longer has it). */
export function storedColour(system: string, code: string, name: string | null): { system: string; code: string; name: string; hex: string } {
  return { system, code, name: name ?? '', hex: getColourSystem(system)?.lookup(code)?.hex ?? '' };
}
