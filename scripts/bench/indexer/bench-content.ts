import { crc32, deflateSync } from 'node:zlib';
import type { EnvelopeContent } from '@om/bitcoin';

/** A seeded PRNG (mulberry32): the same seed builds the same chain. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hex = (random: () => number) =>
  Math.floor(random() * 0xffffff)
    .toString(16)
    .padStart(6, '0');

function chunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A small valid PNG: 8x8 RGB, two colours in a pattern picked by the PRNG. */
function png(random: () => number): Buffer {
  const size = 8;
  const colours = [0, 1].map(() => [0, 1, 2].map(() => Math.floor(random() * 256)));
  const mask = Math.floor(random() * 256);
  const rows = Array.from({ length: size }, (_, y) => {
    const pixels = Array.from({ length: size }, (_, x) => colours[(mask >> ((x + y) % 8)) & 1]!);
    return Buffer.from([0, ...pixels.flat()]);
  });
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function svg(random: () => number, shapes: number): string {
  const body = Array.from(
    { length: shapes },
    () =>
      `<circle cx="${Math.floor(random() * 64)}" cy="${Math.floor(random() * 64)}" r="${2 + Math.floor(random() * 12)}" fill="#${hex(random)}"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#${hex(random)}"/>${body}</svg>`;
}

/**
 * Small, varied inscriptions as a market sees them: text, SVG (a few past one 520-byte push),
 * JSON, PNG bytes, HTML.
 */
export function benchContent(n: number, random: () => number): EnvelopeContent {
  const kind = random();
  if (kind < 0.3)
    return { contentType: 'text/plain;charset=utf-8', body: `om bench #${n} ${hex(random)}` };
  if (kind < 0.55) {
    const shapes = random() < 0.1 ? 30 : 3;
    return { contentType: 'image/svg+xml', body: svg(random, shapes) };
  }
  if (kind < 0.75) {
    const traits = {
      background: hex(random),
      eyes: Math.floor(random() * 12),
      rare: random() < 0.05,
    };
    return {
      contentType: 'application/json',
      body: JSON.stringify({ p: 'om-bench', op: 'mint', n, traits }),
    };
  }
  if (kind < 0.95) return { contentType: 'image/png', body: png(random) };
  return {
    contentType: 'text/html;charset=utf-8',
    body: `<!doctype html><html><body style="background:#${hex(random)}"><h1>#${n}</h1></body></html>`,
  };
}
