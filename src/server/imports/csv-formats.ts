/**
 * Reading product CSV files as shops have them: sniffing a CSV from its bytes, recognising the
 * layout by its headers (our template, Shopify, WooCommerce, Vendure, Medusa) and mapping each
 * record to the template's columns. Pure: no I/O, so the job runner, the dry run and unit tests
 * share it.
 *
 * How variants become products (the shop has no variants): every variant row with a price becomes a
 * product of its own, named 'Product - Option values', with the variant's SKU, price and stock and
 * the product's description, brand and images. A row that only continues a product (Shopify image
 * rows, WooCommerce 'variable' parents) adds no product and is counted as skipped. The variants of
 * one product become one family (`family`: the product's handle or name as a slug), and an option
 * value that is a pack size ('5 L', '1 Gallon', '946ml') becomes the variant's `packSize`.
 */
import { TEMPLATE_COLUMNS, type ImportFormat, type TemplateColumn } from '../../lib/schemas/admin-imports';
import { slugFromName } from '../../lib/schemas/admin-catalog';
import { restoreCell } from './product-rows';

/** How a sniffed file is read. */
export interface CsvSniff {
  encoding: 'utf-8' | 'windows-1252';
  delimiter: ',' | ';' | '\t';
}

/** Magic numbers of files a browser may label text/csv but are not: zip (xlsx), PDF, images, gzip, OLE (xls). */
const BINARY_MAGIC = [[0x50, 0x4b, 0x03, 0x04], [0x25, 0x50, 0x44, 0x46], [0x89, 0x50, 0x4e, 0x47], [0xff, 0xd8, 0xff], [0x47, 0x49, 0x46, 0x38], [0x1f, 0x8b], [0xd0, 0xcf, 0x11, 0xe0]];

/** Whether bytes are valid UTF-8 (a sequence cut at the end of the sample is allowed). */
function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** The first record's line of a text, quotes respected (a header cell may hold a newline). */
function firstLine(text: string): string {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) return text.slice(0, i);
  }
  return text;
}

/**
 * Whether the first bytes of a file are a CSV: text (no NUL, no binary magic), UTF-8 or a legacy
 * single-byte encoding, and a header line with a comma, semicolon or tab between at least two
 * cells. Returns how to read it, or null. The name and the browser's type are never asked.
 */
export function sniffCsv(sample: Uint8Array): CsvSniff | null {
  if (sample.length === 0) return null;
  if (BINARY_MAGIC.some((magic) => magic.every((b, i) => sample[i] === b))) return null;
  if (sample.includes(0)) return null;
  const encoding = isUtf8(sample) ? 'utf-8' : 'windows-1252';
  let text = new TextDecoder(encoding).decode(sample);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const start = text.trimStart()[0];
  if (start === '{' || start === '[' || start === '<') return null;
  const header = firstLine(text);
  // Control characters other than tab, CR and LF do not occur in text a spreadsheet writes.
  if (/[\u0001-\u0008\u000b\u000c\u000e-\u001f]/.test(text)) return null;
  const counts = { ',': 0, ';': 0, '\t': 0 } as Record<CsvSniff['delimiter'], number>;
  let quoted = false;
  for (const c of header) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && c in counts) counts[c as CsvSniff['delimiter']]++;
  }
  const delimiter = (Object.keys(counts) as CsvSniff['delimiter'][]).sort((a, b) => counts[b] - counts[a])[0]!;
  if (counts[delimiter] === 0) return null;
  return { encoding, delimiter };
}

/** A header as matched: trimmed, outer quotes dropped, lower case, spaces single. */
export function normaliseHeader(cell: string): string {
  return unquote(cell).toLowerCase().replace(/\s+/g, ' ');
}

/** A cell as read: trimmed, a quoted cell padded with spaces (Vendure's `, "x" ,`) unquoted. */
export function unquote(cell: string | undefined): string {
  const t = (cell ?? '').trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1).replace(/""/g, '"').trim() : t;
}

/** Recognises a layout by its headers; null when it is none of them (every row then fails as missing fields). */
export function detectFormat(headers: readonly string[]): ImportFormat | null {
  const h = new Set(headers.map(normaliseHeader));
  if (h.has('handle') && h.has('title') && h.has('body (html)')) return 'shopify';
  if (h.has('title') && h.has('url handle')) return 'shopify';
  if (h.has('type') && h.has('sku') && h.has('name') && h.has('regular price')) return 'woocommerce';
  if (h.has('product title') && (h.has('variant sku') || h.has('variant id') || h.has('product handle'))) return 'medusa';
  if ((h.has('name') || [...h].some((x) => x.startsWith('name:'))) && h.has('sku') && h.has('price') && (h.has('optiongroups') || h.has('optionvalues') || [...h].some((x) => x.startsWith('optionvalues')))) {
    return 'vendure';
  }
  const template = new Set(TEMPLATE_COLUMNS.map((c) => c.toLowerCase()));
  if (['name', 'description', 'price'].some((c) => h.has(c)) || [...h].some((x) => template.has(x))) return 'template';
  return null;
}

/** Template cells of one product. */
export type TemplateRecord = Partial<Record<TemplateColumn, string>>;

/** What one CSV record gives: a product to validate, or nothing (a row that only continues another). */
export type MappedRecord = { kind: 'product'; fields: TemplateRecord } | { kind: 'skip' };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ndash: '–', mdash: '—', hellip: '…', rsquo: '’', lsquo: '‘', rdquo: '”', ldquo: '“' };

/** Plain text of an HTML description: tags removed (block ends become line breaks), entities decoded, blank lines collapsed. */
export function htmlToText(html: string): string {
  if (!/[<&]/.test(html)) return html.trim();
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr|ul|ol)\s*>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/[ \t\u00a0]+/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l, i, all) => l !== '' || (i > 0 && all[i - 1] !== ''))
    .join('\n')
    .trim();
}

/**
 * A money or quantity cell as a spreadsheet may have left it: '$1,299.00', '1.299,00', '25,5',
 * '2.5E+1', ' 19.99 '. Returns the number's text with a dot decimal ('' when blank), or the cell
 * unchanged when it is not a number (validation then names it).
 */
export function normaliseNumber(cell: string): string {
  let t = cell.trim().replace(/^[A-Z]{3}\s*/, '').replace(/[$€£\s\u00a0]/g, '');
  if (t === '') return '';
  if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(t)) t = t.replace(/,/g, '');
  else if (/^-?\d{1,3}(\.\d{3})+(,\d+)?$/.test(t)) t = t.replace(/\./g, '').replace(',', '.');
  else if (/^-?\d+,\d+$/.test(t)) t = t.replace(',', '.');
  if (/^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t)) {
    const n = Number(t);
    if (Number.isFinite(n)) return String(Math.round(n * 1e6) / 1e6);
  }
  return cell.trim();
}

/** Joins list entries with the template's separator, dropping blanks. */
function joinList(entries: readonly (string | undefined)[]): string {
  return entries.map((e) => (e ?? '').trim()).filter(Boolean).join(';');
}

/** Image references a product may hold among cells: http(s) URLs and site paths only (bare file names of another shop's media are dropped). */
function imageRefs(cells: readonly (string | undefined)[]): string[] {
  const out: string[] = [];
  for (const cell of cells) {
    for (const part of (cell ?? '').split(/[|,;](?=\s*(?:https?:\/\/|\/))/)) {
      const t = part.trim();
      if ((/^https?:\/\//i.test(t) || t.startsWith('/')) && !out.includes(t)) out.push(t);
    }
  }
  return out;
}

/** '1', 'yes', 'true' (any case) as the template's 'true', else 'false'. */
function flagOf(cell: string | undefined): string {
  return /^(1|yes|true)$/i.test((cell ?? '').trim()) ? 'true' : 'false';
}

/** A product name with its variant's option values: 'Hoodie - Blue / Large'. */
function variantName(name: string, options: readonly (string | undefined)[]): string {
  const values = options.map((o) => (o ?? '').trim()).filter((o) => o && o.toLowerCase() !== 'default title');
  return values.length ? `${name} - ${values.join(' / ')}` : name;
}

const PACK_UNIT_WORDS: Record<string, string> = {
  l: 'L', lt: 'L', ltr: 'L', litre: 'L', liter: 'L', litres: 'L', liters: 'L',
  ml: 'mL', millilitre: 'mL', milliliter: 'mL', millilitres: 'mL', milliliters: 'mL',
  gal: 'gal', gallon: 'gal', gallons: 'gal', qt: 'qt', quart: 'qt', quarts: 'qt',
  kg: 'kg', g: 'g', oz: 'oz', ounce: 'oz', ounces: 'oz',
};

/** The first option value that is a pack size, as the template writes it ('5 L', '1 gal'); '' when none is. */
export function packSizeFromOptions(options: readonly (string | undefined)[]): string {
  for (const option of options) {
    const m = (option ?? '').trim().match(/^(\d+(?:[.,]\d+)?)\s*([a-z]+)\.?$/i);
    const unit = m ? PACK_UNIT_WORDS[m[2]!.toLowerCase()] : undefined;
    if (m && unit) return `${m[1]!.replace(',', '.')} ${unit}`;
  }
  return '';
}

/** The family of a product's variants: its handle or name as a slug; '' for a product without variants. */
function familyOf(key: string, options: readonly (string | undefined)[]): string {
  const hasVariants = options.some((o) => (o ?? '').trim() !== '' && (o ?? '').trim().toLowerCase() !== 'default title');
  return hasVariants ? slugFromName(key) : '';
}

/** Reads one record's cells by normalised header. */
type Cells = (name: string) => string;

/** The mapper of one file: keeps what continuation rows inherit (the product a variant belongs to). */
export interface RecordMapper {
  format: ImportFormat | null;
  map(cells: readonly string[]): MappedRecord;
}

/** Creates the mapper of a file from its header row. */
export function createRecordMapper(headerRow: readonly string[]): RecordMapper {
  const format = detectFormat(headerRow);
  const index = new Map<string, number>();
  headerRow.forEach((h, i) => {
    const key = normaliseHeader(h);
    if (!index.has(key)) index.set(key, i);
  });
  // Vendure's translated columns (name:en) are read through their first language.
  for (const [key, i] of [...index]) {
    const base = key.split(':')[0]!;
    if (key.includes(':') && !index.has(base)) index.set(base, i);
  }
  const reader = (row: readonly string[]): Cells => (name) => {
    const i = index.get(name);
    return i === undefined ? '' : unquote(row[i]);
  };
  const has = (name: string) => index.has(name);

  if (format === 'shopify') {
    let parent: { handle: string; title: string; body: string; vendor: string; images: string[] } | undefined;
    return {
      format,
      map(row) {
        const c = reader(row);
        const handle = c('handle') || c('url handle');
        const title = c('title');
        if (!parent || handle !== parent.handle || title) {
          parent = { handle, title, body: htmlToText(c('body (html)') || c('description')), vendor: c('vendor'), images: [] };
        }
        const image = c('image src') || c('product image url');
        if (image && !parent.images.includes(image)) parent.images.push(image);
        const price = c('variant price') || c('price');
        const sku = c('variant sku') || c('sku');
        if (!price && !sku && !title) return { kind: 'skip' };
        const variantImage = c('variant image') || c('variant image url');
        const images = imageRefs([variantImage, ...parent.images]);
        const qty = c('variant inventory qty') || c('inventory quantity');
        // Shopify repeats the price as 'compare at' when nothing is reduced: only a higher one is a former price.
        const compare = normaliseNumber(c('variant compare at price') || c('compare-at price'));
        const formerPrice = Number(compare) > Number(normaliseNumber(price)) ? compare : '';
        const options = [c('option1 value'), c('option2 value'), c('option3 value')];
        return {
          kind: 'product',
          fields: {
            name: variantName(parent.title, options),
            family: familyOf(parent.handle || parent.title, options),
            packSize: packSizeFromOptions(options),
            description: parent.body,
            price: normaliseNumber(price),
            originalPrice: formerPrice,
            sku,
            brand: parent.vendor,
            image: images[0] ?? '',
            gallery: joinList(images.slice(1)),
            stockQuantity: qty ? normaliseNumber(qty) : '',
          },
        };
      },
    };
  }

  if (format === 'woocommerce') {
    const parents = new Map<string, { name: string; description: string; images: string[] }>();
    return {
      format,
      map(row) {
        const c = reader(row);
        const type = c('type').toLowerCase();
        const description = htmlToText(c('description') || c('short description'));
        const images = imageRefs(c('images').split(/,\s*/));
        if (type === 'variable') {
          const parent = { name: c('name'), description, images };
          if (c('id')) parents.set(`id:${c('id')}`, parent);
          if (c('sku')) parents.set(c('sku'), parent);
          return { kind: 'skip' };
        }
        const parent = type === 'variation' ? parents.get(c('parent')) : undefined;
        const regular = normaliseNumber(c('regular price'));
        const sale = normaliseNumber(c('sale price'));
        const stock = c('stock');
        const allImages = images.length ? images : (parent?.images ?? []);
        const options = [c('attribute 1 value(s)'), c('attribute 2 value(s)')];
        return {
          kind: 'product',
          fields: {
            family: parent ? familyOf(parent.name, options) : '',
            packSize: parent ? packSizeFromOptions(options) : '',
            name: c('name') || (parent ? variantName(parent.name, [c('attribute 1 value(s)'), c('attribute 2 value(s)')]) : ''),
            description: description || parent?.description || '',
            price: sale || regular,
            originalPrice: sale ? regular : '',
            sku: c('sku'),
            image: allImages[0] ?? '',
            gallery: joinList(allImages.slice(1)),
            inStock: has('in stock?') ? flagOf(c('in stock?')) : '',
            stockQuantity: stock ? normaliseNumber(stock) : '',
            isPopular: flagOf(c('is featured?')),
          },
        };
      },
    };
  }

  if (format === 'vendure') {
    let parent: { name: string; description: string; slug: string; brand: string; images: string[] } | undefined;
    return {
      format,
      map(row) {
        const c = reader(row);
        const name = c('name');
        if (name || !parent) {
          const brand = c('facets')
            .split('|')
            .map((f) => f.split(':'))
            .find(([k]) => k?.trim().toLowerCase() === 'brand')?.[1];
          parent = { name, description: htmlToText(c('description')), slug: c('slug'), brand: brand?.trim() ?? '', images: imageRefs(c('assets').split('|')) };
        }
        const options = c('optionvalues').split('|');
        const images = [...imageRefs(c('variantassets').split('|')), ...parent.images];
        const stock = c('stockonhand');
        return {
          kind: 'product',
          fields: {
            name: c('optiongroups') || !name ? variantName(parent.name, options) : parent.name,
            family: familyOf(parent.slug || parent.name, options),
            packSize: packSizeFromOptions(options),
            description: parent.description,
            price: normaliseNumber(c('price')),
            sku: c('sku'),
            brand: parent.brand,
            image: images[0] ?? '',
            gallery: joinList(images.slice(1)),
            stockQuantity: stock ? normaliseNumber(stock) : '',
          },
        };
      },
    };
  }

  if (format === 'medusa') {
    const priceColumns = [...index.keys()].filter((k) => /price/.test(k) && /usd/.test(k)).concat([...index.keys()].filter((k) => /price/.test(k) && !/usd/.test(k)));
    return {
      format,
      map(row) {
        const c = reader(row);
        const price = priceColumns.map((k) => c(k)).find((v) => v !== '') ?? '';
        const images = imageRefs([c('product thumbnail'), c('product image 1'), c('product image 2'), c('image 1 url'), c('image 2 url')]);
        const qty = c('variant inventory quantity');
        const options = [c('variant option 1 value') || c('option 1 value'), c('variant option 2 value') || c('option 2 value')];
        return {
          kind: 'product',
          fields: {
            name: variantName(c('product title'), options),
            family: familyOf(c('product handle') || c('product title'), options),
            packSize: packSizeFromOptions(options),
            description: htmlToText(c('product description')),
            price: normaliseNumber(price),
            sku: c('variant sku'),
            image: images[0] ?? '',
            gallery: joinList(images.slice(1)),
            stockQuantity: qty ? normaliseNumber(qty) : '',
          },
        };
      },
    };
  }

  // Our template (and any file with some of its columns): cells taken by column name, any case.
  const columns = TEMPLATE_COLUMNS.filter((col) => has(col.toLowerCase()));
  return {
    format,
    map(row) {
      const c = reader(row);
      const fields: TemplateRecord = {};
      for (const col of columns) fields[col] = restoreCell(c(col.toLowerCase()));
      if (fields.description !== undefined) fields.description = htmlToText(fields.description);
      for (const col of ['price', 'originalPrice', 'stockQuantity', 'rating', 'reviews'] as const) {
        if (fields[col] !== undefined) fields[col] = normaliseNumber(fields[col]!);
      }
      return { kind: 'product', fields };
    },
  };
}
