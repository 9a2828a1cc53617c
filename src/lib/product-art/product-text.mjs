// What the labels say: a product's short name, its pack size and model number, read from its
// name the way a label designer would shorten it.

/** The product name without its brand's leading words ('Diamond Pro 5000 Airless Spray Gun' → 'Pro 5000 Airless Spray Gun'). */
export function shortenProductName(name, brand) {
  const n = String(name ?? '').trim();
  const b = String(brand ?? '').trim();
  if (!b) return n;
  const lower = n.toLowerCase();
  if (lower.startsWith(`${b.toLowerCase()} `)) return n.slice(b.length + 1).trim();
  const first = b.split(/\s+/)[0];
  if (first.length > 2 && lower.startsWith(`${first.toLowerCase()} `)) return n.slice(first.length + 1).trim();
  return n;
}

const DEFAULT_PACK = {
  can: ['1 US GAL', '3.78 L'],
  pail: ['5 US GAL', '18.9 L'],
  drum: ['55 US GAL', '208 L'],
  aerosol: ['NET WT 12 OZ', '340 g'],
  bottle: ['1 US GAL', '3.78 L'],
  kit: ['2-PART KIT', ''],
};

/** The pack size printed on a container, from the name when it says one ('Quart', '5 Gal'), else the kind's usual size. */
export function describePackSize(name, kind) {
  const s = String(name ?? '');
  const m = /(\d+(?:\.\d+)?)\s*(?:-\s*)?(gal(?:lon)?s?|qt|quarts?|fl\.?\s*oz|oz|lbs?|kg|l|litres?|liters?)\b/i.exec(s);
  if (m) {
    const unit = m[2].toLowerCase();
    if (unit.startsWith('gal')) return [`${m[1]} US GAL`, `${(Number(m[1]) * 3.785).toFixed(1)} L`];
    if (unit.startsWith('q')) return [`${m[1]} US QT`, `${(Number(m[1]) * 0.946).toFixed(2)} L`];
    // Fluid ounces (a sample pot's '8 fl oz') are a volume; a bare 'oz' is net weight.
    if (unit.startsWith('fl')) return [`${m[1]} US FL OZ`, `${Math.round(Number(m[1]) * 29.57)} mL`];
    if (unit === 'oz') return [`NET WT ${m[1]} OZ`, `${Math.round(Number(m[1]) * 28.35)} g`];
    if (unit.startsWith('lb')) return [`NET WT ${m[1]} LB`, `${(Number(m[1]) * 0.4536).toFixed(2)} kg`];
    if (unit === 'kg') return [`NET WT ${m[1]} KG`, ''];
    return [`${m[1]} L`, ''];
  }
  if (/\bquart\b/i.test(s)) return ['1 US QT', '0.95 L'];
  return DEFAULT_PACK[kind] ?? ['', ''];
}

/** The model designation in a name: the first token holding a digit ('Tip 517' → '517', 'FF210'), or ''. */
export function findModelNumber(name) {
  const tokens = String(name ?? '').split(/\s+/);
  const t = tokens.find((w) => /\d/.test(w) && !/^\d+\/\d+$/.test(w) && !/^(in|ft|mm)$/i.test(w));
  return t ? t.replace(/[^A-Za-z0-9-]/g, '') : '';
}

/** The name as a label prints it: without the pack size, which the label states on its own line. */
export function stripPackSize(name) {
  const s = String(name ?? '')
    .replace(/[,(]?\s*\b\d+(?:\.\d+)?\s*-?\s*(?:gal(?:lon)?s?|qt|quarts?|fl\.?\s*oz|oz|lbs?|kg|l|litres?|liters?)\b\.?\)?/gi, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return s || String(name ?? '');
}
