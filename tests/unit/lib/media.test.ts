import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '../../../src/lib/constants';
import { fitInside, mediaKey, mediaSrcSet, parseMediaKey, parseMediaUrl, storedImageSize, variantSizes } from '../../../src/lib/media';
import { fileTooLargeMessage, MEDIA_MESSAGES } from '../../../src/lib/media-messages';

const ID = '0123456789abcdef0123456789abcdef';

describe('sizes', () => {
  it('fits a picture inside a box without enlarging it, keeping its proportions', () => {
    expect(fitInside({ width: 2400, height: 1600 }, 1920, 1080)).toEqual({ width: 1620, height: 1080 });
    expect(fitInside({ width: 1080, height: 1920 }, 1920, 1080)).toEqual({ width: 608, height: 1080 });
    expect(fitInside({ width: 300, height: 200 }, 1920, 1080)).toEqual({ width: 300, height: 200 });
    expect(fitInside({ width: 5000, height: 10 }, 400, 400)).toEqual({ width: 400, height: 1 });
    expect(fitInside({ width: 3000, height: 9000 }, 1200)).toEqual({ width: 1200, height: 3600 });
  });

  it('stores an upload fitted in 1920x1080 with the 400x400, 800x600 and 1200-wide variants of spec §9', () => {
    const main = storedImageSize({ width: 4000, height: 3000 });
    expect(main).toEqual({ width: 1440, height: 1080 });
    expect(variantSizes(main)).toEqual([
      { name: '400x400', width: 400, height: 300 },
      { name: '800x600', width: 800, height: 600 },
      { name: '1200w', width: 1200, height: 900 },
    ]);
  });
});

describe('keys and URLs', () => {
  it('names the main file and each variant from the id and the stored size, and reads them back', () => {
    const main = { width: 1620, height: 1080 };
    expect(mediaKey(ID, main)).toBe(`${ID}-1620x1080.webp`);
    expect(mediaKey(ID, main, '800x600')).toBe(`${ID}-1620x1080.800x600.webp`);
    expect(parseMediaKey(`${ID}-1620x1080.webp`)).toEqual({ id: ID, width: 1620, height: 1080 });
    expect(parseMediaKey(`${ID}-1620x1080.1200w.webp`)).toEqual({ id: ID, width: 1620, height: 1080, variant: '1200w' });
  });

  it('reads nothing else as a key: traversal, folders, other extensions, upper case, other variants', () => {
    for (const key of [
      '',
      '../etc/passwd',
      `../${ID}-10x10.webp`,
      `${ID}-10x10.webp/..`,
      `sub/${ID}-10x10.webp`,
      `${ID}-10x10.png`,
      `${ID.toUpperCase()}-10x10.webp`,
      `${ID}-10x10.300x300.webp`,
      `${ID}-0x10.webp`,
      `${ID}-10x10.webp\u0000`,
      `.${ID}-10x10.webp.tmp`,
    ]) {
      expect(parseMediaKey(key), key).toBeUndefined();
    }
  });

  it('recognises only our root-relative main-image URLs', () => {
    expect(parseMediaUrl(`/media/${ID}-800x600.webp`)).toEqual({ id: ID, width: 800, height: 600 });
    expect(parseMediaUrl(`/media/${ID}-800x600.400x400.webp`)).toBeUndefined();
    expect(parseMediaUrl('/images/generated/products/primer.svg')).toBeUndefined();
    expect(parseMediaUrl(`https://cdn.example.com/media/${ID}-800x600.webp`)).toBeUndefined();
  });
});

describe('mediaSrcSet', () => {
  it('lists the variants and the main image by width, smallest first', () => {
    expect(mediaSrcSet(`/media/${ID}-1620x1080.webp`, '(min-width: 768px) 50vw, 100vw')).toEqual({
      srcSet: [
        `/media/${ID}-1620x1080.400x400.webp 400w`,
        `/media/${ID}-1620x1080.800x600.webp 800w`,
        `/media/${ID}-1620x1080.1200w.webp 1200w`,
        `/media/${ID}-1620x1080.webp 1620w`,
      ].join(', '),
      sizes: '(min-width: 768px) 50vw, 100vw',
    });
  });

  it('gives one candidate per width when a small picture makes variants the same size, the main file first', () => {
    expect(mediaSrcSet(`/media/${ID}-300x200.webp`, '100vw')?.srcSet).toBe(`/media/${ID}-300x200.webp 300w`);
    expect(mediaSrcSet(`/media/${ID}-1000x1000.webp`, '100vw')?.srcSet).toBe(
      `/media/${ID}-1000x1000.400x400.webp 400w, /media/${ID}-1000x1000.800x600.webp 600w, /media/${ID}-1000x1000.webp 1000w`,
    );
  });

  it('leaves any other image alone', () => {
    expect(mediaSrcSet('/images/generated/products/primer.svg', '100vw')).toBeUndefined();
    expect(mediaSrcSet('https://example.com/photo.jpg', '100vw')).toBeUndefined();
  });
});

describe('messages', () => {
  it('has the exact spec §5 messages at the spec limit', () => {
    expect(IMAGE_MAX_BYTES).toBe(10 * 1024 * 1024);
    expect(MEDIA_MESSAGES.tooLarge).toBe('File size too large. Maximum size is 10MB.');
    expect(fileTooLargeMessage(5 * 1024 * 1024)).toBe('File size too large. Maximum size is 5MB.');
    expect(MEDIA_MESSAGES.invalidType).toBe('Invalid file type. Only JPEG, PNG, WebP, and GIF are allowed.');
  });
});
