import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ContentError,
  readCategoryPagesFile,
  readProductFiles,
} from '../../../src/server/catalog/content-files';

type Json = Record<string, unknown>;

let root: string;

beforeEach(() => {
  // Each test edits its own copy of the real content, so the repository stays untouched.
  root = mkdtempSync(join(tmpdir(), 'content-files-'));
  cpSync(join(process.cwd(), 'content'), join(root, 'content'), { recursive: true });
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

/** Reads a product list of the temp copy. */
function readList(file: string): Json[] {
  return JSON.parse(readFileSync(join(root, 'content', 'products', file), 'utf8')) as Json[];
}

/** Writes a product list of the temp copy. */
function writeList(file: string, items: Json[]): void {
  writeFileSync(join(root, 'content', 'products', file), JSON.stringify(items, null, 2));
}

/** The ContentError `read` throws; fails the test when it throws nothing or something else. */
function captureContentError(read: () => unknown): ContentError {
  try {
    read();
  } catch (err) {
    expect(err).toBeInstanceOf(ContentError);
    return err as ContentError;
  }
  throw new Error('expected a ContentError, but the content was accepted');
}

describe('readProductFiles', () => {
  it('accepts the unedited copy of the content', () => {
    expect(readProductFiles(root).length).toBeGreaterThan(0);
  });

  it('names the file and the field when a required field is missing', () => {
    const items = readList('industrial.json');
    delete items[2]!.price;
    writeList('industrial.json', items);

    const error = captureContentError(() => readProductFiles(root));
    expect(error.message).toContain('content/products/industrial.json');
    expect(error.message).toContain(`[2] ${String(items[2]!.id)}`);
    expect(error.message).toMatch(/→ price:/);
  });

  it('names the file and the field when a field has the wrong type', () => {
    const items = readList('retail-brands.json');
    items[0]!.price = '17.98';
    items[1]!.inStock = 'yes';
    writeList('retail-brands.json', items);

    const error = captureContentError(() => readProductFiles(root));
    expect(error.message).toContain('content/products/retail-brands.json');
    expect(error.message).toMatch(/\[0\] \S+ → price:/);
    expect(error.message).toMatch(/\[1\] \S+ → inStock:/);
  });

  it('names both files when a SKU is repeated across two lists', () => {
    const diamond = readList('diamond-collection.json');
    const specialty = readList('specialty.json');
    specialty[0]!.sku = diamond[0]!.sku;
    writeList('specialty.json', specialty);

    const error = captureContentError(() => readProductFiles(root));
    expect(error.message).toContain(`duplicate sku '${String(diamond[0]!.sku).toLowerCase()}'`);
    expect(error.message).toContain(`content/products/diamond-collection.json (${String(diamond[0]!.id)})`);
    expect(error.message).toContain(`content/products/specialty.json (${String(specialty[0]!.id)})`);
  });

  it('names the file when it is not valid JSON', () => {
    const path = join(root, 'content', 'products', 'floor-coatings.json');
    const text = readFileSync(path, 'utf8');
    writeFileSync(path, text.slice(0, Math.floor(text.length / 2)));

    const error = captureContentError(() => readProductFiles(root));
    expect(error.message).toContain('content/products/floor-coatings.json');
    expect(error.message).toContain('not valid JSON');
  });

  it('names the field when stock and inStock disagree', () => {
    const items = readList('decorative-eco.json');
    items[0]!.stockQuantity = 0;
    items[0]!.inStock = true;
    writeList('decorative-eco.json', items);

    const error = captureContentError(() => readProductFiles(root));
    expect(error.message).toContain('content/products/decorative-eco.json');
    expect(error.message).toMatch(/→ inStock: inStock must be true exactly when stockQuantity is above 0/);
  });

  it('refuses a product list that is not one of the six', () => {
    writeFileSync(join(root, 'content', 'products', 'extra.json'), '[]');

    const error = captureContentError(() => readProductFiles(root));
    expect(error.message).toContain('unexpected file(s) extra.json');
  });
});

describe('readCategoryPagesFile', () => {
  it('names the file and the field when a meta description is too short', () => {
    const path = join(root, 'content', 'category-pages.json');
    const pages = JSON.parse(readFileSync(path, 'utf8')) as Json[];
    pages[3]!.description = 'Too short.';
    writeFileSync(path, JSON.stringify(pages));

    const error = captureContentError(() => readCategoryPagesFile(root));
    expect(error.message).toContain('content/category-pages.json');
    expect(error.message).toMatch(/\[3\] → description:/);
  });
});
