// product.md#validation, #constants-and-limits: the collection icon and the generic image upload
// helper, as checks over the file's metadata (the web reads type, size and pixel size; no DOM
// here).
export type ImageFileInfo = { type: string; size: number; width: number; height: number };

export const ICON_ACCEPTED_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/gif',
] as const;
export const ICON_MAX_BYTES = 1_048_576;
export const ICON_MAX_DIMENSION = 1000;

export const ICON_REQUIRED = 'A thumbnail image is required.';
export const ICON_INVALID_TYPE = 'Thumbnail must be a JPEG, PNG, WebP, AVIF, or GIF file.';
export const ICON_TOO_LARGE = 'Thumbnail must not exceed 1 MB.';
// The spec gives the size (1000x1000 px) but no message; read as an upper bound.
export const ICON_TOO_BIG_DIMENSIONS = 'Thumbnail must be at most 1000x1000 pixels.';

/** The first problem with a collection icon, in the order required, type, bytes, pixels. */
export function iconFileError(file: ImageFileInfo | null | undefined): string | undefined {
  if (!file) return ICON_REQUIRED;
  if (!(ICON_ACCEPTED_TYPES as readonly string[]).includes(file.type)) return ICON_INVALID_TYPE;
  if (file.size > ICON_MAX_BYTES) return ICON_TOO_LARGE;
  if (file.width > ICON_MAX_DIMENSION || file.height > ICON_MAX_DIMENSION) {
    return ICON_TOO_BIG_DIMENSIONS;
  }
  return undefined;
}

// General image limit (product.md#constants-and-limits): 2 MiB, png, jpeg or webp; helper minimum
// 400x400 px.
export const IMAGE_MAX_BYTES = 2_097_152;
export const IMAGE_MAX_MB = 2;
export const IMAGE_ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const IMAGE_MIN_DIMENSION = 400;
export const IMAGE_SQUARE_TOLERANCE = 100;
export const IMAGE_EXPECTED_SIZE_TOLERANCE = 200;

export const imageRequiredMessage = (label: string) => `${label} is required.`;
export const imageEmptyMessage = (label: string) => `${label} cannot be empty.`;
export const imageTooLargeMessage = (label: string, maxMb: number) =>
  `${label} must be smaller than ${maxMb} MB.`;
export const imageShapeMessage = (label: string) =>
  `${label} should be at least 400x400 pixels and close to a square shape.`;

export type ImageUploadCheck = {
  label: string;
  file: ImageFileInfo | null | undefined;
  maxMb?: number;
  /** When given, an image within 200 px of this size passes even if it is not square. */
  expected?: { width: number; height: number };
};

/**
 * The image helper (product.md#validation): required, not empty, under N MB, and at least 400x400
 * px and either near square (sides within 100 px) or near the expected size (within 200 px).
 */
export function imageUploadError(check: ImageUploadCheck): string | undefined {
  const { label, file, maxMb = IMAGE_MAX_MB, expected } = check;
  if (!file) return imageRequiredMessage(label);
  if (file.size === 0) return imageEmptyMessage(label);
  if (file.size > maxMb * 1024 * 1024) return imageTooLargeMessage(label, maxMb);
  const { width, height } = file;
  const bigEnough = width >= IMAGE_MIN_DIMENSION && height >= IMAGE_MIN_DIMENSION;
  const nearSquare = Math.abs(width - height) <= IMAGE_SQUARE_TOLERANCE;
  const nearExpected =
    expected !== undefined &&
    Math.abs(width - expected.width) <= IMAGE_EXPECTED_SIZE_TOLERANCE &&
    Math.abs(height - expected.height) <= IMAGE_EXPECTED_SIZE_TOLERANCE;
  return bigEnough && (nearSquare || nearExpected) ? undefined : imageShapeMessage(label);
}

// product.md#spec-gaps: the collection banner, the first upload to use the helper above. A wide
// 1500x500 banner is what collection pages show; a near-square image of at least 400x400 passes
// too.
export const BANNER_LABEL = 'Banner';
export const BANNER_EXPECTED_SIZE = { width: 1500, height: 500 } as const;
export const BANNER_INVALID_TYPE = 'Banner must be a PNG, JPEG or WebP file.';

/** The first problem with a collection banner: required, type, then the image helper's rules. */
export function bannerFileError(file: ImageFileInfo | null | undefined): string | undefined {
  if (!file) return imageRequiredMessage(BANNER_LABEL);
  if (!(IMAGE_ACCEPTED_TYPES as readonly string[]).includes(file.type)) return BANNER_INVALID_TYPE;
  return imageUploadError({ label: BANNER_LABEL, file, expected: BANNER_EXPECTED_SIZE });
}
