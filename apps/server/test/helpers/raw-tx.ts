// Test only: Bitcoin's transaction and block wire formats, just enough to build transactions that
// need no signature and to rewrite a block's coinbase (BIP141 serialization, double SHA-256 ids).
import { createHash } from 'node:crypto';
import { bytesToHex, hexToBytes } from '@om/bitcoin';

interface RawInput {
  txid: string;
  vout: number;
  sequence: number;
  witness: Uint8Array[];
  scriptSig?: Uint8Array;
}

interface RawOutput {
  value: bigint;
  script: Uint8Array;
}

export interface RawTx {
  version: number;
  inputs: RawInput[];
  outputs: RawOutput[];
  lockTime: number;
}

function sha256d(bytes: Uint8Array): Uint8Array {
  const once = createHash('sha256').update(bytes).digest();
  return new Uint8Array(createHash('sha256').update(once).digest());
}

function varint(n: number): number[] {
  if (n < 0xfd) return [n];
  if (n <= 0xffff) return [0xfd, n & 0xff, n >> 8];
  return [0xfe, ...u32(n)];
}

function u32(n: number): number[] {
  return [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];
}

function u64(n: bigint): number[] {
  return Array.from({ length: 8 }, (_, i) => Number((n >> BigInt(8 * i)) & 0xffn));
}

function bytesWithLength(bytes: Uint8Array): number[] {
  return [...varint(bytes.length), ...bytes];
}

/** The transaction's bytes, with its witnesses (BIP144) unless `withWitness` is false. */
export function serializeTx(tx: RawTx, withWitness = true): Uint8Array {
  const hasWitness = withWitness && tx.inputs.some((input) => input.witness.length > 0);
  const out: number[] = [...u32(tx.version)];
  if (hasWitness) out.push(0x00, 0x01);
  out.push(...varint(tx.inputs.length));
  for (const input of tx.inputs) {
    out.push(...hexToBytes(input.txid).reverse(), ...u32(input.vout));
    out.push(...bytesWithLength(input.scriptSig ?? new Uint8Array()), ...u32(input.sequence));
  }
  out.push(...varint(tx.outputs.length));
  for (const output of tx.outputs)
    out.push(...u64(output.value), ...bytesWithLength(output.script));
  if (hasWitness) {
    for (const input of tx.inputs) {
      out.push(...varint(input.witness.length));
      for (const item of input.witness) out.push(...bytesWithLength(item));
    }
  }
  out.push(...u32(tx.lockTime));
  return Uint8Array.from(out);
}

/** A txid in display (RPC) order: the double SHA-256 of the serialization without witnesses. */
export function txidOf(tx: RawTx): string {
  return bytesToHex(sha256d(serializeTx(tx, false)).reverse());
}

/** Reads a transaction at `at`; answers it and where the next one starts. */
export function parseTx(bytes: Uint8Array, at = 0): { tx: RawTx; end: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const readVarint = (): number => {
    const first = bytes[at++] as number;
    if (first < 0xfd) return first;
    const size = first === 0xfd ? 2 : first === 0xfe ? 4 : 8;
    const value = size === 2 ? view.getUint16(at, true) : view.getUint32(at, true);
    at += size;
    return value;
  };
  const take = (n: number) => bytes.slice(at, (at += n));
  const version = view.getUint32(at, true);
  at += 4;
  const hasWitness = bytes[at] === 0x00 && bytes[at + 1] === 0x01;
  if (hasWitness) at += 2;
  const inputs: RawInput[] = Array.from({ length: readVarint() }, () => {
    const txid = bytesToHex(take(32).reverse());
    const vout = view.getUint32(at, true);
    at += 4;
    const scriptSig = take(readVarint());
    const sequence = view.getUint32(at, true);
    at += 4;
    return { txid, vout, sequence, scriptSig, witness: [] };
  });
  const outputs: RawOutput[] = Array.from({ length: readVarint() }, () => {
    const value = view.getBigUint64(at, true);
    at += 8;
    return { value, script: take(readVarint()) };
  });
  if (hasWitness) {
    for (const input of inputs) {
      input.witness = Array.from({ length: readVarint() }, () => take(readVarint()));
    }
  }
  const lockTime = view.getUint32(at, true);
  return { tx: { version, inputs, outputs, lockTime }, end: at + 4 };
}

/** The merkle root of txids given in display order, as a block header holds it. */
export function merkleRoot(txids: string[]): Uint8Array {
  let level = txids.map((txid) => hexToBytes(txid).reverse());
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] as Uint8Array;
      const right = level[i + 1] ?? left;
      next.push(sha256d(Uint8Array.from([...left, ...right])));
    }
    level = next;
  }
  return level[0] as Uint8Array;
}

/** Finds a nonce that meets the header's own target (instant on regtest); returns the block hash. */
export function grindHeader(header: Uint8Array): string {
  const view = new DataView(header.buffer, header.byteOffset, 80);
  const bits = view.getUint32(72, true);
  const target = BigInt(bits & 0xffffff) << BigInt(8 * ((bits >>> 24) - 3));
  for (let nonce = 0; nonce <= 0xffff_ffff; nonce++) {
    view.setUint32(76, nonce, true);
    const hash = bytesToHex(sha256d(header).reverse());
    if (BigInt(`0x${hash}`) <= target) return hash;
  }
  throw new Error('no nonce meets the target');
}
