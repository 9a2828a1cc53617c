/**
 * GHS hazard communication: the nine pictograms and the hazard (H), supplemental EU hazard (EUH)
 * and precautionary (P) statements by code, with their English texts, for product pages, cart lines,
 * e-mails and packing slips.
 *
 * Source: Regulation (EC) No 1272/2008 (CLP), Annex III Part 1 (H), Part 2 and 3 (EUH) and
 * Annex IV Part 1 (P), English version, as consolidated after its adaptations to technical progress
 * (EUR-Lex CELEX 02008R1272); the codes and texts are those of the UN GHS (rev. 10, Annex 3), which
 * CLP follows. Pictogram names: CLP Annex V / GHS Annex 3 list of symbols. Typed in by hand from the
 * regulation: check against the current consolidated text before printing labels. Where the official
 * text asks the supplier to fill something in ('<state route of exposure …>', 'Wash … thoroughly',
 * 'Contains <name of sensitising substance>'), the text keeps the official placeholder and
 * `formatStatement` fills or drops it.
 */

// The pictograms live in their own small module: cards and cart lines ship them without the statement tables.
export { GHS_PICTOGRAMS, GHS_PICTOGRAM_NAMES, isGhsPictogram, type GhsPictogram } from './ghs-pictograms';
import type { GhsPictogram } from './ghs-pictograms';

/** Signal words of CLP Article 20. */
export const SIGNAL_WORDS = ['Danger', 'Warning'] as const;
/** A signal word. */
export type SignalWord = (typeof SIGNAL_WORDS)[number];

/** Hazard statements (CLP Annex III Part 1): physical (H2xx), health (H3xx), environmental (H4xx). */
export const HAZARD_STATEMENTS: Readonly<Record<string, string>> = {
  H200: 'Unstable explosives.',
  H201: 'Explosive; mass explosion hazard.',
  H202: 'Explosive, severe projection hazard.',
  H203: 'Explosive; fire, blast or projection hazard.',
  H204: 'Fire or projection hazard.',
  H205: 'May mass explode in fire.',
  H206: 'Fire, blast or projection hazard; increased risk of explosion if desensitising agent is reduced.',
  H207: 'Fire or projection hazard; increased risk of explosion if desensitising agent is reduced.',
  H208: 'Fire hazard; increased risk of explosion if desensitising agent is reduced.',
  H220: 'Extremely flammable gas.',
  H221: 'Flammable gas.',
  H222: 'Extremely flammable aerosol.',
  H223: 'Flammable aerosol.',
  H224: 'Extremely flammable liquid and vapour.',
  H225: 'Highly flammable liquid and vapour.',
  H226: 'Flammable liquid and vapour.',
  H228: 'Flammable solid.',
  H229: 'Pressurised container: May burst if heated.',
  H230: 'May react explosively even in the absence of air.',
  H231: 'May react explosively even in the absence of air at elevated pressure and/or temperature.',
  H232: 'May ignite spontaneously if exposed to air.',
  H240: 'Heating may cause an explosion.',
  H241: 'Heating may cause a fire or explosion.',
  H242: 'Heating may cause a fire.',
  H250: 'Catches fire spontaneously if exposed to air.',
  H251: 'Self-heating: may catch fire.',
  H252: 'Self-heating in large quantities; may catch fire.',
  H260: 'In contact with water releases flammable gases which may ignite spontaneously.',
  H261: 'In contact with water releases flammable gases.',
  H270: 'May cause or intensify fire; oxidiser.',
  H271: 'May cause fire or explosion; strong oxidiser.',
  H272: 'May intensify fire; oxidiser.',
  H280: 'Contains gas under pressure; may explode if heated.',
  H281: 'Contains refrigerated gas; may cause cryogenic burns or injury.',
  H290: 'May be corrosive to metals.',
  H300: 'Fatal if swallowed.',
  H301: 'Toxic if swallowed.',
  H302: 'Harmful if swallowed.',
  H304: 'May be fatal if swallowed and enters airways.',
  H310: 'Fatal in contact with skin.',
  H311: 'Toxic in contact with skin.',
  H312: 'Harmful in contact with skin.',
  H314: 'Causes severe skin burns and eye damage.',
  H315: 'Causes skin irritation.',
  H317: 'May cause an allergic skin reaction.',
  H318: 'Causes serious eye damage.',
  H319: 'Causes serious eye irritation.',
  H330: 'Fatal if inhaled.',
  H331: 'Toxic if inhaled.',
  H332: 'Harmful if inhaled.',
  H334: 'May cause allergy or asthma symptoms or breathing difficulties if inhaled.',
  H335: 'May cause respiratory irritation.',
  H336: 'May cause drowsiness or dizziness.',
  H340: 'May cause genetic defects <state route of exposure if it is conclusively proven that no other routes of exposure cause the hazard>.',
  H341: 'Suspected of causing genetic defects <state route of exposure if it is conclusively proven that no other routes of exposure cause the hazard>.',
  H350: 'May cause cancer <state route of exposure if it is conclusively proven that no other routes of exposure cause the hazard>.',
  H350i: 'May cause cancer by inhalation.',
  H351: 'Suspected of causing cancer <state route of exposure if it is conclusively proven that no other routes of exposure cause the hazard>.',
  H360: 'May damage fertility or the unborn child <state specific effect if known> <state route of exposure if it is conclusively proven that no other routes of exposure cause the hazard>.',
  H360F: 'May damage fertility.',
  H360D: 'May damage the unborn child.',
  H360FD: 'May damage fertility. May damage the unborn child.',
  H360Fd: 'May damage fertility. Suspected of damaging the unborn child.',
  H360Df: 'May damage the unborn child. Suspected of damaging fertility.',
  H361: 'Suspected of damaging fertility or the unborn child <state specific effect if known> <state route of exposure if it is conclusively proven that no other routes of exposure cause the hazard>.',
  H361f: 'Suspected of damaging fertility.',
  H361d: 'Suspected of damaging the unborn child.',
  H361fd: 'Suspected of damaging fertility. Suspected of damaging the unborn child.',
  H362: 'May cause harm to breast-fed children.',
  H370: 'Causes damage to organs <or state all organs affected, if known> <state route of exposure if it is conclusively proven that no other routes of exposure cause the hazard>.',
  H371: 'May cause damage to organs <or state all organs affected, if known> <state route of exposure if it is conclusively proven that no other routes of exposure cause the hazard>.',
  H372: 'Causes damage to organs <or state all organs affected, if known> through prolonged or repeated exposure <state route of exposure if it is conclusively proven that no other routes of exposure cause the hazard>.',
  H373: 'May cause damage to organs <or state all organs affected, if known> through prolonged or repeated exposure <state route of exposure if it is conclusively proven that no other routes of exposure cause the hazard>.',
  'H300+H310': 'Fatal if swallowed or in contact with skin.',
  'H300+H330': 'Fatal if swallowed or if inhaled.',
  'H310+H330': 'Fatal in contact with skin or if inhaled.',
  'H300+H310+H330': 'Fatal if swallowed, in contact with skin or if inhaled.',
  'H301+H311': 'Toxic if swallowed or in contact with skin.',
  'H301+H331': 'Toxic if swallowed or if inhaled.',
  'H311+H331': 'Toxic in contact with skin or if inhaled.',
  'H301+H311+H331': 'Toxic if swallowed, in contact with skin or if inhaled.',
  'H302+H312': 'Harmful if swallowed or in contact with skin.',
  'H302+H332': 'Harmful if swallowed or if inhaled.',
  'H312+H332': 'Harmful in contact with skin or if inhaled.',
  'H302+H312+H332': 'Harmful if swallowed, in contact with skin or if inhaled.',
  H400: 'Very toxic to aquatic life.',
  H410: 'Very toxic to aquatic life with long lasting effects.',
  H411: 'Toxic to aquatic life with long lasting effects.',
  H412: 'Harmful to aquatic life with long lasting effects.',
  H413: 'May cause long lasting harmful effects to aquatic life.',
  H420: 'Harms public health and the environment by destroying ozone in the upper atmosphere.',
};

/** Supplemental EU hazard statements (CLP Annex III Parts 2 and 3, and the 2023 hazard classes). */
export const EU_HAZARD_STATEMENTS: Readonly<Record<string, string>> = {
  EUH014: 'Reacts violently with water.',
  EUH018: 'In use may form flammable/explosive vapour-air mixture.',
  EUH019: 'May form explosive peroxides.',
  EUH029: 'Contact with water liberates toxic gas.',
  EUH031: 'Contact with acids liberates toxic gas.',
  EUH032: 'Contact with acids liberates very toxic gas.',
  EUH044: 'Risk of explosion if heated under confinement.',
  EUH066: 'Repeated exposure may cause skin dryness or cracking.',
  EUH070: 'Toxic by eye contact.',
  EUH071: 'Corrosive to the respiratory tract.',
  EUH201: 'Contains lead. Should not be used on surfaces liable to be chewed or sucked by children.',
  EUH201A: 'Warning! Contains lead.',
  EUH202: 'Cyanoacrylate. Danger. Bonds skin and eyes in seconds. Keep out of the reach of children.',
  EUH203: 'Contains chromium (VI). May produce an allergic reaction.',
  EUH204: 'Contains isocyanates. May produce an allergic reaction.',
  EUH205: 'Contains epoxy constituents. May produce an allergic reaction.',
  EUH206: 'Warning! Do not use together with other products. May release dangerous gases (chlorine).',
  EUH207: 'Warning! Contains cadmium. Dangerous fumes are formed during use. See information supplied by the manufacturer. Comply with the safety instructions.',
  EUH208: 'Contains <name of sensitising substance>. May produce an allergic reaction.',
  EUH209: 'Can become highly flammable in use.',
  EUH209A: 'Can become flammable in use.',
  EUH210: 'Safety data sheet available on request.',
  EUH211: 'Warning! Hazardous respirable droplets may be formed when sprayed. Do not breathe spray or mist.',
  EUH212: 'Warning! Hazardous respirable dust may be formed when used. Do not breathe dust.',
  EUH380: 'May cause endocrine disruption in humans.',
  EUH381: 'Suspected of causing endocrine disruption in humans.',
  EUH401: 'To avoid risks to human health and the environment, comply with the instructions for use.',
  EUH430: 'May cause endocrine disruption in the environment.',
  EUH431: 'Suspected of causing endocrine disruption in the environment.',
  EUH440: 'Accumulates in the environment and living organisms including in humans.',
  EUH441: 'Strongly accumulates in the environment and living organisms including in humans.',
  EUH450: 'Can cause long-lasting and diffuse contamination of water resources.',
  EUH451: 'Can cause very long-lasting and diffuse contamination of water resources.',
};

/** Precautionary statements (CLP Annex IV Part 1) found on paint, coating and aerosol labels. */
export const PRECAUTIONARY_STATEMENTS: Readonly<Record<string, string>> = {
  P101: 'If medical advice is needed, have product container or label at hand.',
  P102: 'Keep out of reach of children.',
  P103: 'Read carefully and follow all instructions.',
  P201: 'Obtain special instructions before use.',
  P202: 'Do not handle until all safety precautions have been read and understood.',
  P203: 'Obtain, read and follow all safety instructions before use.',
  P210: 'Keep away from heat, hot surfaces, sparks, open flames and other ignition sources. No smoking.',
  P211: 'Do not spray on an open flame or other ignition source.',
  P233: 'Keep container tightly closed.',
  P240: 'Ground and bond container and receiving equipment.',
  P241: 'Use explosion-proof [electrical/ventilating/lighting/…] equipment.',
  P242: 'Use non-sparking tools.',
  P243: 'Take action to prevent static discharges.',
  P251: 'Do not pierce or burn, even after use.',
  P260: 'Do not breathe dust/fume/gas/mist/vapours/spray.',
  P261: 'Avoid breathing dust/fume/gas/mist/vapours/spray.',
  P262: 'Do not get in eyes, on skin, or on clothing.',
  P264: 'Wash … thoroughly after handling.',
  P270: 'Do not eat, drink or smoke when using this product.',
  P271: 'Use only outdoors or in a well-ventilated area.',
  P272: 'Contaminated work clothing should not be allowed out of the workplace.',
  P273: 'Avoid release to the environment.',
  P280: 'Wear protective gloves/protective clothing/eye protection/face protection.',
  P284: '[In case of inadequate ventilation] wear respiratory protection.',
  'P301+P310': 'IF SWALLOWED: Immediately call a POISON CENTER/doctor/…',
  'P301+P312': 'IF SWALLOWED: Call a POISON CENTER/doctor/…/if you feel unwell.',
  'P301+P330+P331': 'IF SWALLOWED: Rinse mouth. Do NOT induce vomiting.',
  'P302+P352': 'IF ON SKIN: Wash with plenty of water/…',
  'P303+P361+P353': 'IF ON SKIN (or hair): Take off immediately all contaminated clothing. Rinse skin with water [or shower].',
  'P304+P340': 'IF INHALED: Remove person to fresh air and keep comfortable for breathing.',
  'P305+P351+P338': 'IF IN EYES: Rinse cautiously with water for several minutes. Remove contact lenses, if present and easy to do. Continue rinsing.',
  'P308+P313': 'IF exposed or concerned: Get medical advice/attention.',
  P310: 'Immediately call a POISON CENTER/doctor/…',
  P312: 'Call a POISON CENTER/doctor/…/if you feel unwell.',
  P314: 'Get medical advice/attention if you feel unwell.',
  P321: 'Specific treatment (see … on this label).',
  P331: 'Do NOT induce vomiting.',
  'P332+P313': 'If skin irritation occurs: Get medical advice/attention.',
  'P333+P313': 'If skin irritation or rash occurs: Get medical advice/attention.',
  'P337+P313': 'If eye irritation persists: Get medical advice/attention.',
  'P342+P311': 'If experiencing respiratory symptoms: Call a POISON CENTER/doctor/…',
  'P362+P364': 'Take off contaminated clothing and wash it before reuse.',
  'P370+P378': 'In case of fire: Use … to extinguish.',
  P391: 'Collect spillage.',
  'P403+P233': 'Store in a well-ventilated place. Keep container tightly closed.',
  'P403+P235': 'Store in a well-ventilated place. Keep cool.',
  P405: 'Store locked up.',
  'P410+P412': 'Protect from sunlight. Do not expose to temperatures exceeding 50 °C/122 °F.',
  P501: 'Dispose of contents/container to …',
};

/** The kind of a statement code: hazard (H), supplemental EU hazard (EUH) or precautionary (P). */
export type StatementKind = 'H' | 'EUH' | 'P';

/** A code written as labels and CSV files write it: upper-case prefixes, '+' between parts, no spaces. */
export function normaliseStatementCode(code: string): string {
  return code
    .replace(/\s+/g, '')
    .split('+')
    .map((part) => {
      const m = /^(euh|h|p)(\d{3})([a-z]*)$/i.exec(part);
      // H360FD keeps its letters' case: 'Fd' and 'FD' are different statements.
      return m ? `${m[1]!.toUpperCase()}${m[2]}${m[3]}` : part;
    })
    .join('+');
}

/** The kind of a known statement code, or null for an unknown code. */
export function statementKind(code: string): StatementKind | null {
  const c = normaliseStatementCode(code);
  if (c in EU_HAZARD_STATEMENTS) return 'EUH';
  if (c in HAZARD_STATEMENTS) return 'H';
  if (c in PRECAUTIONARY_STATEMENTS) return 'P';
  return null;
}

/** The official English text of a statement code, or undefined when the table does not know it. */
export function statementText(code: string): string | undefined {
  const c = normaliseStatementCode(code);
  return EU_HAZARD_STATEMENTS[c] ?? HAZARD_STATEMENTS[c] ?? PRECAUTIONARY_STATEMENTS[c];
}

/**
 * A statement's text for a label: each '<…>' placeholder replaced by `fill` (the route of exposure,
 * the organs, the sensitising substance) or, without one, dropped; throws for an unknown code.
 */
export function formatStatement(code: string, fill?: string): string {
  const text = statementText(code);
  if (text === undefined) throw new RangeError(`Unknown hazard or precautionary statement: ${code}.`);
  if (!text.includes('<')) return text;
  if (fill !== undefined && fill.trim()) {
    let used = false;
    return text
      .replace(/\s*<[^>]*>/g, (m) => {
        if (used) return '';
        used = true;
        return m.startsWith(' ') ? ` ${fill.trim()}` : fill.trim();
      })
      .replace(/\s+\./g, '.');
  }
  return text.replace(/\s*<[^>]*>/g, '').replace(/\s+\./g, '.');
}
