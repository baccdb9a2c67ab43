import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, encodeIndexedPng, encodeRgbaPng, PNG_SIGNATURE } from './png-encoder.ts';

type Chunk = { type: string; data: Uint8Array };

/** Splits a PNG into its chunks, checking every CRC on the way. */
function readChunks(png: Uint8Array): Chunk[] {
  expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const chunks: Chunk[] = [];
  for (let at = 8; at < png.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    const data = png.subarray(at + 8, at + 8 + length);
    expect(view.getUint32(at + 8 + length), `${type} CRC`).toBe(
      crc32(png.subarray(at + 4, at + 8 + length)),
    );
    chunks.push({ type, data });
    at += 12 + length;
  }
  return chunks;
}

function chunk(chunks: Chunk[], type: string): Uint8Array {
  const found = chunks.find((c) => c.type === type);
  if (!found) throw new Error(`no ${type}`);
  return found.data;
}

describe('crc32', () => {
  it.each([
    ['123456789', 0xcbf43926],
    ['IEND', 0xae426082],
    ['', 0],
  ])('crc32(%j) = %i', (text, expected) => {
    expect(crc32(new TextEncoder().encode(text))).toBe(expected);
  });
});

describe('encodeIndexedPng', () => {
  const image = {
    width: 3,
    height: 2,
    palette: [0x000000, 0xff0000, 0x00ff00],
    pixels: Uint8Array.of(0, 1, 2, 2, 1, 0),
  };

  it('writes IHDR, PLTE, tEXt, IDAT and IEND with filter-0 scanlines', () => {
    const chunks = readChunks(encodeIndexedPng(image, { Title: 'Block Punk #1' }));
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'PLTE', 'tEXt', 'IDAT', 'IEND']);
    expect([...chunk(chunks, 'IHDR')]).toEqual([0, 0, 0, 3, 0, 0, 0, 2, 8, 3, 0, 0, 0]);
    expect([...chunk(chunks, 'PLTE')]).toEqual([0, 0, 0, 255, 0, 0, 0, 255, 0]);
    expect(new TextDecoder('latin1').decode(chunk(chunks, 'tEXt'))).toBe('Title\0Block Punk #1');
    expect([...inflateSync(chunk(chunks, 'IDAT'))]).toEqual([0, 0, 1, 2, 0, 2, 1, 0]);
  });

  it('marks the transparent index in tRNS', () => {
    const chunks = readChunks(encodeIndexedPng({ ...image, transparentIndex: 1 }));
    expect([...chunk(chunks, 'tRNS')]).toEqual([255, 0]);
  });

  it.each([
    ['an empty palette', { ...image, palette: [] }, 'palette needs 1..256 colours'],
    ['too few pixels', { ...image, pixels: Uint8Array.of(0) }, 'pixels must be width × height'],
    [
      'an index past the palette',
      { ...image, pixels: Uint8Array.of(0, 1, 2, 3, 1, 0) },
      'pixel outside palette',
    ],
    [
      'a zero width',
      { ...image, width: 0, pixels: new Uint8Array() },
      'width and height must be positive integers',
    ],
  ])('refuses %s', (_, bad, message) => {
    expect(() => encodeIndexedPng(bad)).toThrow(message);
  });
});

describe('encodeRgbaPng', () => {
  it('writes colour type 6 with four bytes a pixel', () => {
    const rgba = Uint8Array.of(255, 0, 0, 255, 0, 0, 255, 128);
    const chunks = readChunks(encodeRgbaPng({ width: 2, height: 1, rgba }));
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(chunk(chunks, 'IHDR')[9]).toBe(6);
    expect([...inflateSync(chunk(chunks, 'IDAT'))]).toEqual([0, ...rgba]);
  });
});
