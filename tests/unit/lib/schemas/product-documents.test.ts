import { describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES, documentUploadSchema, isPdf, ISO_639_1_CODES } from '../../../../src/lib/schemas/product-documents';
import { describeDocumentRevision, orderedDocuments } from '../../../../src/lib/catalog/document-view';
import { needsSafetySheet, yearsBefore } from '../../../../src/server/catalog/product-documents.service';

describe('isPdf', () => {
  it('knows a PDF by its %PDF- header, whatever its name', () => {
    expect(isPdf(Buffer.from('%PDF-1.7\n%âãÏÓ\n'))).toBe(true);
    expect(isPdf(Buffer.from('89504e470d0a1a0a', 'hex'))).toBe(false);
    expect(isPdf(Buffer.from('%PDF'))).toBe(false);
    expect(isPdf(Buffer.from(' %PDF-1.4'))).toBe(false);
  });
});

describe('documentUploadSchema', () => {
  const schema = documentUploadSchema('2026-11-29');

  it('takes a kind, a past revision date and an ISO 639-1 code in any case', () => {
    expect(schema.parse({ kind: 'tds', revisedAt: '2026-11-29', language: ' DE ' })).toEqual({ kind: 'tds', revisedAt: '2026-11-29', language: 'de' });
  });

  it('refuses an unknown kind, a future or impossible date and a code outside ISO 639-1, naming the field', () => {
    const fieldOf = (input: Record<string, string>) => schema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(fieldOf({ kind: 'msds', revisedAt: '2025-01-01', language: 'en' })).toEqual([['kind', DOCUMENT_MESSAGES.kind]]);
    expect(fieldOf({ kind: 'sds', revisedAt: '2026-11-30', language: 'en' })).toEqual([['revisedAt', DOCUMENT_MESSAGES.revisedAt]]);
    expect(fieldOf({ kind: 'sds', revisedAt: '2025-02-29', language: 'en' })).toEqual([['revisedAt', DOCUMENT_MESSAGES.revisedAt]]);
    expect(fieldOf({ kind: 'sds', revisedAt: '2025-01-01', language: 'eng' })).toEqual([['language', DOCUMENT_MESSAGES.language]]);
    expect(fieldOf({ kind: 'sds', revisedAt: '2025-01-01', language: 'xx' })).toEqual([['language', DOCUMENT_MESSAGES.language]]);
  });

  it('knows the 183 codes of ISO 639-1', () => {
    expect(ISO_639_1_CODES.size).toBe(183);
    for (const code of ['en', 'de', 'fr', 'nl', 'pl', 'zh']) expect(ISO_639_1_CODES.has(code)).toBe(true);
  });
});

describe('how a sheet reads', () => {
  it('gives the revision date in words and the language by name, the SDS first', () => {
    expect(describeDocumentRevision({ revisedAt: '2025-03-12', language: 'de' })).toBe('Revised 12 March 2025 · German');
    const sheets = orderedDocuments([
      { kind: 'tds', url: '/media/a.pdf', revisedAt: '2025-01-01', language: 'en' },
      { kind: 'sds', url: '/media/b.pdf', revisedAt: '2025-01-01', language: 'en' },
    ]);
    expect(sheets.map((d) => d.kind)).toEqual(['sds', 'tds']);
  });
});

describe('which products need a safety data sheet', () => {
  it('is any with a pictogram or a UN number', () => {
    expect(needsSafetySheet(JSON.stringify({ pictograms: ['GHS02'], signalWord: 'Warning', statements: ['H226'], ufi: null }), null)).toBe(true);
    expect(needsSafetySheet(null, JSON.stringify({ un: 'UN1263', class: '3' }))).toBe(true);
    // Statements without a pictogram (EUH208 'may produce an allergic reaction') and no UN number: no SDS demanded here.
    expect(needsSafetySheet(JSON.stringify({ pictograms: [], signalWord: null, statements: ['EUH208'], ufi: null }), JSON.stringify({ un: null, class: null }))).toBe(false);
    expect(needsSafetySheet(null, null)).toBe(false);
  });

  it('counts the age limit back from today, 29 February falling on the 28th', () => {
    expect(yearsBefore(new Date('2026-11-29T10:00:00Z'), 3)).toBe('2023-11-29');
    expect(yearsBefore(new Date('2028-02-29T10:00:00Z'), 3)).toBe('2025-02-28');
  });
});
