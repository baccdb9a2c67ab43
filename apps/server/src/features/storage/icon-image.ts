import {
  BANNER_LABEL,
  bannerFileError,
  ICON_MAX_BYTES,
  ICON_REQUIRED,
  iconFileError,
  IMAGE_MAX_BYTES,
  imageRequiredMessage,
  type ImageFileInfo,
} from '@om/core';
import { imageSize } from 'image-size';

// product.md#collection-form: an uploaded icon is judged by its bytes, never by its name or the
// browser's MIME type. The magic numbers give the type even of a file cut at the size limit;
// image-size then reads the dimensions from the headers, and the verdict is core's iconFileError
// (product.md#validation, #constants-and-limits), so the browser and the server apply one rule
// with one set of messages.

export const ICON_FORMATS = {
  'image/png': { ext: 'png', sizeType: 'png' },
  'image/jpeg': { ext: 'jpg', sizeType: 'jpg' },
  'image/gif': { ext: 'gif', sizeType: 'gif' },
  'image/webp': { ext: 'webp', sizeType: 'webp' },
  'image/avif': { ext: 'avif', sizeType: 'avif' },
} as const;
export type IconType = keyof typeof ICON_FORMATS;

/** The Content-Type of a stored file, by the extension its sniffed type gave it. */
export function iconTypeOfFile(file: string): IconType | undefined {
  const dot = file.lastIndexOf('.');
  if (dot < 0) return undefined;
  const ext = file.slice(dot + 1);
  const types = Object.keys(ICON_FORMATS) as IconType[];
  return types.find((type) => ICON_FORMATS[type].ext === ext);
}

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

/** The image type its first bytes declare (PNG, JPEG, GIF, WebP, AVIF), else undefined. */
export function sniffIconType(bytes: Uint8Array): IconType | undefined {
  if (ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (/^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return 'image/gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  // ISO-BMFF: a leading ftyp box whose major brand is AVIF (still image; image-size reads these).
  if (ascii(bytes, 4, 12) === 'ftypavif') return 'image/avif';
  return undefined;
}

/**
 * What core's rule needs to know about an uploaded file. `isTruncated` means the upload went on
 * past the bytes read (`maxBytes`, the icon's by default): such a file is over the limit whatever
 * its real size.
 */
function iconFileInfo(
  bytes: Uint8Array,
  isTruncated: boolean,
  maxBytes: number = ICON_MAX_BYTES,
): ImageFileInfo {
  const size = isTruncated ? maxBytes + 1 : bytes.length;
  const type = sniffIconType(bytes);
  // Not an accepted type, or too big: core's rule stops before the pixels.
  if (!type || isTruncated) return { type: type ?? 'unknown', size, width: 0, height: 0 };
  const dimensions = readDimensions(bytes, ICON_FORMATS[type].sizeType);
  // A signature whose image cannot be measured (corrupt, or another format behind a borrowed
  // header) is not a valid file of that type.
  if (!dimensions) return { type: 'invalid', size, width: 0, height: 0 };
  return { type, size, ...dimensions };
}

function readDimensions(bytes: Uint8Array, expected: string) {
  let result: ReturnType<typeof imageSize>;
  try {
    result = imageSize(bytes);
  } catch {
    // image-size throws for any header it cannot parse: the file is not the image it claims.
    return undefined;
  }
  const { type, width, height } = result;
  if (type !== expected || !(width > 0 && height > 0)) return undefined;
  return { width, height };
}

/** A file as read from the form: its bytes, and whether it went on past ICON_MAX_BYTES. */
export type IconUpload = { bytes: Uint8Array; isTruncated: boolean };

/**
 * The first problem with an uploaded icon in core's order (required, type, bytes, pixels), or
 * the type to store it as. An empty file counts as none: a form sends one when no file was chosen.
 */
export function checkIcon(
  upload: IconUpload | undefined,
): { error: string } | { type: IconType; bytes: Uint8Array } {
  if (!upload || (upload.bytes.length === 0 && !upload.isTruncated))
    return { error: ICON_REQUIRED };
  const info = iconFileInfo(upload.bytes, upload.isTruncated);
  const error = iconFileError(info);
  return error ? { error } : { type: info.type as IconType, bytes: upload.bytes };
}

/**
 * The collection banner (product.md#spec-gaps) by the same sniffing, under core's bannerFileError:
 * read up to IMAGE_MAX_BYTES, PNG, JPEG or WebP, 1500x500 or near square. An empty file counts as
 * none.
 */
export function checkBanner(
  upload: IconUpload | undefined,
): { error: string } | { type: IconType; bytes: Uint8Array } {
  if (!upload || (upload.bytes.length === 0 && !upload.isTruncated))
    return { error: imageRequiredMessage(BANNER_LABEL) };
  const info = iconFileInfo(upload.bytes, upload.isTruncated, IMAGE_MAX_BYTES);
  const error = bannerFileError(info);
  return error ? { error } : { type: info.type as IconType, bytes: upload.bytes };
}
