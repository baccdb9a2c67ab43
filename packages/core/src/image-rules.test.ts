import { describe, it, expect } from 'vitest';
import { iconFileError, imageUploadError, type ImageFileInfo } from './image-rules.ts';

const png = (size: number, width: number, height: number): ImageFileInfo => ({
  type: 'image/png',
  size,
  width,
  height,
});

describe('iconFileError', () => {
  it.each<[ImageFileInfo | null | undefined, string | undefined]>([
    [null, 'A thumbnail image is required.'],
    [undefined, 'A thumbnail image is required.'],
    [
      { ...png(10, 1, 1), type: 'image/svg+xml' },
      'Thumbnail must be a JPEG, PNG, WebP, AVIF, or GIF file.',
    ],
    [{ ...png(10, 1, 1), type: '' }, 'Thumbnail must be a JPEG, PNG, WebP, AVIF, or GIF file.'],
    [png(1_048_577, 500, 500), 'Thumbnail must not exceed 1 MB.'],
    [png(1_048_576, 1000, 1000), undefined],
    [png(1000, 1001, 1000), 'Thumbnail must be at most 1000x1000 pixels.'],
    [{ ...png(1000, 400, 400), type: 'image/jpeg' }, undefined],
    [{ ...png(1000, 400, 400), type: 'image/webp' }, undefined],
    [{ ...png(1000, 400, 400), type: 'image/avif' }, undefined],
    [{ ...png(1000, 400, 400), type: 'image/gif' }, undefined],
  ])('%j → %s', (file, message) => {
    expect(iconFileError(file)).toBe(message);
  });
});

describe('imageUploadError', () => {
  const SHAPE = 'Banner should be at least 400x400 pixels and close to a square shape.';
  it.each<
    [
      ImageFileInfo | null,
      number | undefined,
      { width: number; height: number } | undefined,
      string | undefined,
    ]
  >([
    [null, undefined, undefined, 'Banner is required.'],
    [png(0, 500, 500), undefined, undefined, 'Banner cannot be empty.'],
    [png(2_097_153, 500, 500), undefined, undefined, 'Banner must be smaller than 2 MB.'],
    [png(2_097_152, 500, 500), undefined, undefined, undefined],
    [png(5 * 1024 * 1024 + 1, 500, 500), 5, undefined, 'Banner must be smaller than 5 MB.'],
    [png(1000, 399, 400), undefined, undefined, SHAPE],
    [png(1000, 400, 400), undefined, undefined, undefined],
    [png(1000, 500, 600), undefined, undefined, undefined],
    [png(1000, 500, 601), undefined, undefined, SHAPE],
    [png(1000, 1500, 500), undefined, { width: 1400, height: 500 }, undefined],
    [png(1000, 1500, 500), undefined, { width: 1200, height: 500 }, SHAPE],
    [png(1000, 1500, 300), undefined, { width: 1500, height: 300 }, SHAPE],
  ])('%j (max %s MB, expected %j) → %s', (file, maxMb, expected, message) => {
    expect(imageUploadError({ label: 'Banner', file, maxMb, expected })).toBe(message);
  });
});
