import { encodeIndexedPng } from '../demo/png-encoder.ts';

// Small but complete image files for the icon tests, made here rather than checked in, so each
// test says the size it needs. Every one decodes in a browser.

/** A one-colour indexed PNG; `padTo` adds a tEXt comment until the file has exactly that many bytes. */
export function png(width: number, height: number, padTo?: number): Uint8Array {
  const image = { width, height, palette: [0xf7931a], pixels: new Uint8Array(width * height) };
  const plain = encodeIndexedPng(image);
  if (padTo === undefined) return plain;
  // A tEXt chunk costs 12 bytes of framing plus "Comment\0" before its text.
  const textLength = padTo - plain.length - 12 - 'Comment\0'.length;
  if (textLength < 0) throw new RangeError(`a ${width}x${height} PNG is over ${padTo} bytes`);
  return encodeIndexedPng(image, { Comment: 'x'.repeat(textLength) });
}

/**
 * A grey baseline JPEG: one component, a quantization table of ones, and Huffman tables of a single
 * one-bit code each, so every 8x8 block is coded as "DC difference 0, end of block" (two 0 bits).
 */
export function jpeg(width: number, height: number): Uint8Array {
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const bits = blocks * 2;
  const scan = new Uint8Array(Math.ceil(bits / 8));
  // The last byte is padded with 1 bits (ITU T.81 F.1.2.3).
  if (bits % 8 !== 0) scan[scan.length - 1] = (1 << (8 - (bits % 8))) - 1;
  const oneCode = (tableClass: number) => [tableClass, 1, ...new Array<number>(15).fill(0), 0];
  return Uint8Array.from([
    ...[0xff, 0xd8],
    ...segment(0xe0, [...ascii('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segment(0xdb, [0, ...new Array<number>(64).fill(1)]),
    ...segment(0xc0, [8, ...u16be(height), ...u16be(width), 1, 1, 0x11, 0]),
    ...segment(0xc4, oneCode(0x00)), // DC table 0: the code "0" is category 0
    ...segment(0xc4, oneCode(0x10)), // AC table 0: the code "0" is end of block
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    ...scan,
    ...[0xff, 0xd9],
  ]);
}

/** A GIF89a of the given screen size holding one white 1x1 frame (LZW: clear, 0, end). */
export function gif(width: number, height: number): Uint8Array {
  return Uint8Array.from([
    ...ascii('GIF89a'),
    ...u16le(width),
    ...u16le(height),
    ...[0x80, 0, 0], // a global colour table of 2 entries
    ...[0xff, 0xff, 0xff, 0, 0, 0],
    ...[0x2c, ...u16le(0), ...u16le(0), ...u16le(1), ...u16le(1), 0],
    ...[0x02, 0x02, 0x44, 0x01, 0x00],
    0x3b,
  ]);
}

/** The 1x1 lossless WebP that browsers' feature tests decode (Modernizr's). */
export const WEBP_1X1 = Uint8Array.from(
  Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'),
);

function segment(marker: number, data: readonly number[]): number[] {
  return [0xff, marker, ...u16be(data.length + 2), ...data];
}

function ascii(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0));
}

function u16be(n: number): number[] {
  return [n >> 8, n & 0xff];
}

function u16le(n: number): number[] {
  return [n & 0xff, n >> 8];
}
