import { deflateSync } from 'node:zlib';

/** Small, valid files of each kind the viewer renders, made here rather than shipped. */

function crc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

/** An 8x8 orange and black checkerboard, RGB. */
export function checkerboardPng(): Buffer {
  const size = 8;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, no interlace
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0); // filter: none
    for (let x = 0; x < size; x++) rows.push(...((x + y) % 2 ? [247, 147, 26] : [20, 20, 20]));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from(rows))),
    pngChunk('IEND', new Uint8Array()),
  ]);
}

/** Half a second of a 440 Hz tone, 8 kHz mono 16-bit PCM. */
export function toneWav(): Buffer {
  const rate = 8000;
  const samples = rate / 2;
  const out = Buffer.alloc(44 + samples * 2);
  out.write('RIFF', 0);
  out.writeUInt32LE(36 + samples * 2, 4);
  out.write('WAVEfmt ', 8);
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36);
  out.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++)
    out.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  return out;
}

/** The smallest glTF 2.0 scene: one triangle, its buffer embedded as a data URI. */
export function triangleGltf(): string {
  const buffer = Buffer.alloc(44);
  [0, 1, 2].forEach((index, i) => buffer.writeUInt16LE(index, i * 2)); // indices, then 2 bytes of padding
  [0, 0, 0, 1, 0, 0, 0, 1, 0].forEach((v, i) => buffer.writeFloatLE(v, 8 + i * 4));
  return JSON.stringify({
    asset: { version: '2.0' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0 }],
    meshes: [{ primitives: [{ attributes: { POSITION: 1 }, indices: 0 }] }],
    buffers: [
      { uri: `data:application/octet-stream;base64,${buffer.toString('base64')}`, byteLength: 44 },
    ],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: 6, target: 34963 },
      { buffer: 0, byteOffset: 8, byteLength: 36, target: 34962 },
    ],
    accessors: [
      { bufferView: 0, componentType: 5123, count: 3, type: 'SCALAR', max: [2], min: [0] },
      {
        bufferView: 1,
        componentType: 5126,
        count: 3,
        type: 'VEC3',
        max: [1, 1, 0],
        min: [0, 0, 0],
      },
    ],
  });
}

/** HTML that reports whether it could reach the app: it must not. */
export const ISOLATION_PROBE_HTML = `<!doctype html><html><body style="background:#111;color:#f7931a;font:24px monospace">
<p id="probe">probing</p><script>
let verdict = 'top-level';
if (window.parent !== window) {
  try { void window.parent.document.title; verdict = 'reached the app'; } catch { verdict = 'isolated'; }
}
try { void localStorage.length; verdict += ' with storage'; } catch { verdict += ' without storage'; }
document.getElementById('probe').textContent = verdict + ' (origin ' + window.origin + ')';
</script></body></html>`;
