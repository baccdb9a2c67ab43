import { deflateSync } from 'node:zlib';

// A minimal PNG writer (W3C PNG, 3rd edition): 8-bit indexed or RGBA, filter 0 on every row, no
// interlace. Enough for small pixel art, which the viewer upscales with `image-rendering: pixelated`.

export const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

/** A colour as 0xRRGGBB. */
export type Rgb = number;

export type IndexedImage = {
  width: number;
  height: number;
  /** Up to 256 colours as 0xRRGGBB; index 0 may be made transparent with `transparentIndex`. */
  palette: readonly Rgb[];
  /** One palette index per pixel, row by row. */
  pixels: Uint8Array;
  transparentIndex?: number;
};

export type RgbaImage = {
  width: number;
  height: number;
  /** 4 bytes per pixel. */ rgba: Uint8Array;
};

/** tEXt chunks (Latin-1 keyword and text), e.g. Title, Author, Description. */
export type PngText = Readonly<Record<string, string>>;

export function encodeIndexedPng(image: IndexedImage, text: PngText = {}): Uint8Array {
  const { width, height, palette, pixels } = image;
  if (palette.length === 0 || palette.length > 256)
    throw new RangeError('palette needs 1..256 colours');
  if (pixels.length !== width * height) throw new RangeError('pixels must be width × height');
  if (pixels.some((index) => index >= palette.length))
    throw new RangeError('pixel outside palette');
  const plte = new Uint8Array(palette.length * 3);
  palette.forEach((rgb, i) =>
    plte.set([(rgb >>> 16) & 0xff, (rgb >>> 8) & 0xff, rgb & 0xff], i * 3),
  );
  const chunks = [chunk('IHDR', header(width, height, 3)), chunk('PLTE', plte)];
  if (image.transparentIndex !== undefined) {
    const trns = new Uint8Array(image.transparentIndex + 1).fill(0xff);
    trns[image.transparentIndex] = 0;
    chunks.push(chunk('tRNS', trns));
  }
  chunks.push(...textChunks(text), chunk('IDAT', scanlines(pixels, width, height, 1)));
  return concat([PNG_SIGNATURE, ...chunks, chunk('IEND', new Uint8Array())]);
}

export function encodeRgbaPng(image: RgbaImage, text: PngText = {}): Uint8Array {
  const { width, height, rgba } = image;
  if (rgba.length !== width * height * 4) throw new RangeError('rgba must be width × height × 4');
  return concat([
    PNG_SIGNATURE,
    chunk('IHDR', header(width, height, 6)),
    ...textChunks(text),
    chunk('IDAT', scanlines(rgba, width, height, 4)),
    chunk('IEND', new Uint8Array()),
  ]);
}

function header(width: number, height: number, colorType: 3 | 6): Uint8Array {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError('width and height must be positive integers');
  }
  const bytes = new Uint8Array(13);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  bytes.set([8, colorType, 0, 0, 0], 8); // bit depth 8, deflate, adaptive filtering, no interlace
  return bytes;
}

/** Each row prefixed with filter type 0 (None), then deflated. */
function scanlines(data: Uint8Array, width: number, height: number, bytesPerPixel: number) {
  const stride = width * bytesPerPixel;
  const raw = new Uint8Array(height * (stride + 1));
  for (let y = 0; y < height; y += 1) {
    raw.set(data.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  return new Uint8Array(deflateSync(raw, { level: 9 }));
}

function textChunks(text: PngText): Uint8Array[] {
  return Object.entries(text).map(([keyword, value]) => {
    if (!/^[\x20-\x7e]{1,79}$/.test(keyword)) throw new RangeError(`bad tEXt keyword ${keyword}`);
    return chunk('tEXt', latin1(`${keyword}\0${value}`));
  });
}

function latin1(value: string): Uint8Array {
  return Uint8Array.from(value, (ch) => {
    const code = ch.charCodeAt(0);
    if (code > 0xff) throw new RangeError('tEXt is Latin-1');
    return code;
  });
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(12 + data.length);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, data.length);
  bytes.set(latin1(type), 4);
  bytes.set(data, 8);
  view.setUint32(8 + data.length, crc32(bytes.subarray(4, 8 + data.length)));
  return bytes;
}

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 as PNG uses it (ISO 3309, reflected polynomial 0xEDB88320). */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
