import { describe, expect, it } from 'vitest';
import { bannerFileError, type ImageFileInfo } from './image-rules.ts';

const image = (type: string, size: number, width: number, height: number): ImageFileInfo => ({
  type,
  size,
  width,
  height,
});
const SHAPE = 'Banner should be at least 400x400 pixels and close to a square shape.';

describe('bannerFileError', () => {
  it.each<[string, ImageFileInfo | null | undefined, string | undefined]>([
    ['no file', null, 'Banner is required.'],
    ['a GIF', image('image/gif', 100, 1500, 500), 'Banner must be a PNG, JPEG or WebP file.'],
    ['an AVIF', image('image/avif', 100, 1500, 500), 'Banner must be a PNG, JPEG or WebP file.'],
    ['no type', image('', 100, 1500, 500), 'Banner must be a PNG, JPEG or WebP file.'],
    ['an empty PNG', image('image/png', 0, 0, 0), 'Banner cannot be empty.'],
    [
      'a PNG of 2 MiB + 1',
      image('image/png', 2_097_153, 1500, 500),
      'Banner must be smaller than 2 MB.',
    ],
    ['a PNG of exactly 2 MiB', image('image/png', 2_097_152, 1500, 500), undefined],
    ['a 1500x500 PNG', image('image/png', 1000, 1500, 500), undefined],
    ['a 1500x500 JPEG', image('image/jpeg', 1000, 1500, 500), undefined],
    ['a 1500x500 WebP', image('image/webp', 1000, 1500, 500), undefined],
    ['a 1700x700 PNG (within 200 px)', image('image/png', 1000, 1700, 700), undefined],
    ['a 1701x500 PNG (201 px off)', image('image/png', 1000, 1701, 500), SHAPE],
    ['a 1300x400 PNG (at the edges)', image('image/png', 1000, 1300, 400), undefined],
    ['a 1500x399 PNG (too low)', image('image/png', 1000, 1500, 399), SHAPE],
    ['a 400x400 PNG (square)', image('image/png', 1000, 400, 400), undefined],
    ['a 500x400 PNG (near square)', image('image/png', 1000, 500, 400), undefined],
    ['a 399x399 PNG (too small)', image('image/png', 1000, 399, 399), SHAPE],
    ['a 1000x400 PNG (neither shape)', image('image/png', 1000, 1000, 400), SHAPE],
  ])('%s', (_name, file, message) => {
    expect(bannerFileError(file)).toBe(message);
  });
});
