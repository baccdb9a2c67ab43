import {
  ICON_INVALID_TYPE,
  ICON_MAX_BYTES,
  ICON_REQUIRED,
  ICON_TOO_BIG_DIMENSIONS,
  ICON_TOO_LARGE,
} from '@om/core';
import { describe, expect, it } from 'vitest';
import { gif, jpeg, png, WEBP_1X1 } from './icon-image.fixtures.ts';
import { checkIcon, iconTypeOfFile, sniffIconType, type IconUpload } from './icon-image.ts';

const bytes = (text: string) => Uint8Array.from(Buffer.from(text, 'latin1'));
const whole = (b: Uint8Array): IconUpload => ({ bytes: b, isTruncated: false });
const cut = (b: Uint8Array): IconUpload => ({ bytes: b, isTruncated: true });

// Headers only (image-size reads no further): an AVIF still image and an extended WebP, to
// reach the dimensions of the two formats the browser-decoded fixtures do not cover.
function box(type: string, payload: Uint8Array): Uint8Array {
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + payload.length);
  return Buffer.concat([size, bytes(type), payload]);
}
function avifHeader(width: number, height: number): Uint8Array {
  const ispe = Buffer.alloc(12);
  ispe.writeUInt32BE(width, 4);
  ispe.writeUInt32BE(height, 8);
  const ipco = box('ipco', box('ispe', ispe));
  const meta = box('meta', Buffer.concat([Buffer.alloc(4), box('iprp', ipco)]));
  return Buffer.concat([box('ftyp', bytes('avif\0\0\0\0avifmif1miaf')), meta]);
}
function webpHeader(width: number, height: number): Uint8Array {
  const head = Buffer.alloc(30);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(22, 4);
  head.write('WEBPVP8X', 8, 'latin1');
  head.writeUInt32LE(10, 16);
  head.writeUIntLE(width - 1, 24, 3);
  head.writeUIntLE(height - 1, 27, 3);
  return head;
}

describe('sniffIconType reads the type from the first bytes', () => {
  it.each([
    ['a PNG', png(2, 2), 'image/png'],
    ['a JPEG', jpeg(8, 8), 'image/jpeg'],
    ['a GIF89a', gif(1, 1), 'image/gif'],
    ['a GIF87a', bytes('GIF87a\x01\x00\x01\x00'), 'image/gif'],
    ['a WebP', WEBP_1X1, 'image/webp'],
    ['an AVIF', avifHeader(10, 10), 'image/avif'],
    ['text', bytes('hello, I am icon.png'), undefined],
    ['an SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'), undefined],
    ['a HEIC', box('ftyp', bytes('heic\0\0\0\0mif1heic')), undefined],
    ['a WAV (RIFF but not WebP)', bytes('RIFF\x24\x00\x00\x00WAVEfmt '), undefined],
    ['nothing', new Uint8Array(), undefined],
  ])('%s → %s', (_name, input, expected) => {
    expect(sniffIconType(input)).toBe(expected);
  });
});

describe('checkIcon: core rule over the bytes (required, type, size, pixels)', () => {
  it.each([
    ['no file', undefined, { error: ICON_REQUIRED }],
    [
      'an empty file (a form with no file chosen)',
      whole(new Uint8Array()),
      { error: ICON_REQUIRED },
    ],
    ['a PNG', whole(png(1, 1)), { type: 'image/png' }],
    ['a JPEG', whole(jpeg(16, 16)), { type: 'image/jpeg' }],
    ['a GIF', whole(gif(1, 1)), { type: 'image/gif' }],
    ['a WebP', whole(WEBP_1X1), { type: 'image/webp' }],
    ['an AVIF at the limit', whole(avifHeader(1000, 1000)), { type: 'image/avif' }],
    ['a PNG of 1000x1000', whole(png(1000, 1000)), { type: 'image/png' }],
    ['a PNG of exactly 1 MB', whole(png(4, 4, ICON_MAX_BYTES)), { type: 'image/png' }],
    ['text named icon.png', whole(bytes('not an image')), { error: ICON_INVALID_TYPE }],
    [
      'an SVG',
      whole(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')),
      { error: ICON_INVALID_TYPE },
    ],
    [
      'a PNG signature without IHDR',
      whole(bytes('\x89PNG\r\n\x1a\nnonsense...')),
      { error: ICON_INVALID_TYPE },
    ],
    [
      'a JPEG with no frame header',
      whole(Uint8Array.of(0xff, 0xd8, 0xff, 0xd9)),
      { error: ICON_INVALID_TYPE },
    ],
    ['a GIF of 0x0', whole(gif(0, 0)), { error: ICON_INVALID_TYPE }],
    ['a PNG cut at the limit', cut(png(4, 4, ICON_MAX_BYTES)), { error: ICON_TOO_LARGE }],
    [
      'text cut at the limit (type comes first)',
      cut(bytes('x'.repeat(100))),
      { error: ICON_INVALID_TYPE },
    ],
    ['a PNG 1001 wide', whole(png(1001, 1)), { error: ICON_TOO_BIG_DIMENSIONS }],
    ['a PNG 1001 high', whole(png(1, 1001)), { error: ICON_TOO_BIG_DIMENSIONS }],
    ['a JPEG 1008 wide', whole(jpeg(1008, 8)), { error: ICON_TOO_BIG_DIMENSIONS }],
    ['a GIF screen 1001 high', whole(gif(5, 1001)), { error: ICON_TOO_BIG_DIMENSIONS }],
    ['a WebP 1200 wide', whole(webpHeader(1200, 10)), { error: ICON_TOO_BIG_DIMENSIONS }],
    ['an AVIF 1001 high', whole(avifHeader(10, 1001)), { error: ICON_TOO_BIG_DIMENSIONS }],
  ])('%s', (_name, upload, expected) => {
    const verdict = checkIcon(upload);
    if (!('bytes' in verdict)) return expect(verdict).toEqual(expected);
    // The very bytes read are the ones to store (identity: a deep compare of 1 MB is slow).
    expect({ type: verdict.type }).toEqual(expected);
    expect(verdict.bytes).toBe(upload?.bytes);
  });
});

describe('iconTypeOfFile gives a stored file its Content-Type', () => {
  it.each([
    ['a.png', 'image/png'],
    ['a.jpg', 'image/jpeg'],
    ['a.gif', 'image/gif'],
    ['a.webp', 'image/webp'],
    ['a.avif', 'image/avif'],
    ['a.svg', undefined],
    ['a.jpeg', undefined],
    ['png', undefined],
  ])('%s → %s', (file, expected) => {
    expect(iconTypeOfFile(file)).toBe(expected);
  });
});
