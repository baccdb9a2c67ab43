import { instructions, OP_13, OP_RETURN, pushData } from './runestone-script.ts';
import type {
  Artifact,
  Edict,
  Etching,
  Flaw,
  RuneId,
  Runestone,
  Terms,
} from './runestone.types.ts';
import { decodeVarint, encodeVarint, U128_MAX } from './varint.ts';

/**
 * A transaction's runestone, read and written as ord's Runestone::decipher and ::encipher
 * (ordinals/ord, crates/ordinals/src/runestone.rs and runestone/{message,tag,flag}.rs). The
 * payload is a list of LEB128 integers: tag/value pairs, then after tag 0 the edicts, four
 * integers each, their rune ids delta-encoded.
 */

export const MAX_DIVISIBILITY = 38;
/** A spacer after each of the largest name's 27 inner letters. */
export const MAX_SPACERS = 0b111_1111_1111_1111_1111_1111_1111;

export const TAG = {
  body: 0n,
  flags: 2n,
  rune: 4n,
  premine: 6n,
  cap: 8n,
  amount: 10n,
  heightStart: 12n,
  heightEnd: 14n,
  offsetStart: 16n,
  offsetEnd: 18n,
  mint: 20n,
  pointer: 22n,
  /** Reserved even tag: any runestone carrying it is a cenotaph. */
  cenotaph: 126n,
  divisibility: 1n,
  spacers: 3n,
  symbol: 5n,
  /** Reserved odd tag: ignored. */
  nop: 127n,
} as const;

export const FLAG = {
  etching: 1n << 0n,
  terms: 1n << 1n,
  turbo: 1n << 2n,
  /** Reserved: a runestone with it set is a cenotaph. */
  cenotaph: 1n << 127n,
} as const;

const U64_MAX = (1n << 64n) - 1n;
const U32_MAX = (1n << 32n) - 1n;

interface RunestoneTx {
  outputs: { script: Uint8Array }[];
}

type Payload = { bytes: Uint8Array } | { flaw: Flaw };

/** The first OP_RETURN OP_13 output's pushes, concatenated; undefined when there is none. */
function findPayload(tx: RunestoneTx): Payload | undefined {
  for (const output of tx.outputs) {
    const iterator = instructions(output.script);
    const first = iterator.next().value;
    if (!first || !('op' in first) || first.op !== OP_RETURN) continue;
    // A broken script after OP_RETURN alone is someone else's data, not a runestone.
    const second = iterator.next().value;
    if (!second || !('op' in second) || second.op !== OP_13) continue;
    const chunks: Uint8Array[] = [];
    for (const instruction of iterator) {
      if ('error' in instruction) return { flaw: 'invalid-script' };
      if ('op' in instruction) return { flaw: 'opcode' };
      chunks.push(instruction.push);
    }
    const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.length;
    }
    return { bytes };
  }
  return undefined;
}

function integers(payload: Uint8Array): bigint[] | undefined {
  const values: bigint[] = [];
  for (let i = 0; i < payload.length;) {
    const decoded = decodeVarint(payload, i);
    if ('error' in decoded) return undefined;
    values.push(decoded.value);
    i += decoded.length;
  }
  return values;
}

/** ord's RuneId::next: the id `delta` after `id`, undefined past u64/u32 or for block 0 with tx > 0. */
function nextRuneId(
  id: { block: bigint; tx: bigint },
  block: bigint,
  tx: bigint,
): { block: bigint; tx: bigint } | undefined {
  if (block > U64_MAX || tx > U32_MAX) return undefined;
  const next = { block: id.block + block, tx: block === 0n ? id.tx + tx : tx };
  if (next.block > U64_MAX || next.tx > U32_MAX) return undefined;
  if (next.block === 0n && next.tx > 0n) return undefined;
  return next;
}

function toRuneId(id: { block: bigint; tx: bigint }): RuneId {
  // Block heights above 2^53 name no rune that exists; number keeps the shape the index uses.
  return { block: Number(id.block), tx: Number(id.tx) };
}

interface Message {
  flaw?: Flaw;
  edicts: Edict[];
  fields: Map<bigint, bigint[]>;
}

/** ord's Message::from_integers: tag/value pairs until the body tag, then edicts. */
function message(tx: RunestoneTx, values: bigint[]): Message {
  const edicts: Edict[] = [];
  const fields = new Map<bigint, bigint[]>();
  for (let i = 0; i < values.length; i += 2) {
    const tag = values[i]!;
    if (tag === TAG.body) {
      let id = { block: 0n, tx: 0n };
      for (let j = i + 1; j < values.length; j += 4) {
        if (j + 4 > values.length) return { flaw: 'trailing-integers', edicts, fields };
        const [block, txIndex, amount, output] = values.slice(j, j + 4) as [
          bigint,
          bigint,
          bigint,
          bigint,
        ];
        const next = nextRuneId(id, block, txIndex);
        if (!next) return { flaw: 'edict-rune-id', edicts, fields };
        // output == outputs.length is allowed: it splits among the non-OP_RETURN outputs.
        if (output > BigInt(tx.outputs.length)) return { flaw: 'edict-output', edicts, fields };
        id = next;
        edicts.push({ id: toRuneId(next), amount, output: Number(output) });
      }
      break;
    }
    const value = values[i + 1];
    if (value === undefined) return { flaw: 'truncated-field', edicts, fields };
    const list = fields.get(tag) ?? [];
    list.push(value);
    fields.set(tag, list);
  }
  return { edicts, fields };
}

/** ord's Tag::take: the field's first `n` values if `parse` accepts them, else the field stays. */
function take<T>(
  fields: Map<bigint, bigint[]>,
  tag: bigint,
  n: number,
  parse: (values: bigint[]) => T | undefined,
): T | undefined {
  const field = fields.get(tag);
  if (!field || field.length < n) return undefined;
  const value = parse(field.slice(0, n));
  if (value === undefined) return undefined;
  field.splice(0, n);
  if (field.length === 0) fields.delete(tag);
  return value;
}

const single =
  (max: bigint) =>
  ([value]: bigint[]): bigint | undefined =>
    value! <= max ? value : undefined;

function symbolFrom([value]: bigint[]): string | undefined {
  const n = value!;
  // char::from_u32: any Unicode scalar value, surrogates excluded.
  if (n > 0x10ffffn || (n >= 0xd800n && n <= 0xdfffn)) return undefined;
  return String.fromCodePoint(Number(n));
}

function takeTerms(fields: Map<bigint, bigint[]>): Terms {
  return {
    cap: take(fields, TAG.cap, 1, single(U128_MAX)),
    height: [
      take(fields, TAG.heightStart, 1, single(U64_MAX)),
      take(fields, TAG.heightEnd, 1, single(U64_MAX)),
    ],
    amount: take(fields, TAG.amount, 1, single(U128_MAX)),
    offset: [
      take(fields, TAG.offsetStart, 1, single(U64_MAX)),
      take(fields, TAG.offsetEnd, 1, single(U64_MAX)),
    ],
  };
}

function takeFlag(flags: { value: bigint }, flag: bigint): boolean {
  const set = (flags.value & flag) !== 0n;
  flags.value &= ~flag;
  return set;
}

function takeEtching(fields: Map<bigint, bigint[]>, flags: { value: bigint }): Etching {
  const divisibility = take(fields, TAG.divisibility, 1, single(BigInt(MAX_DIVISIBILITY)));
  const premine = take(fields, TAG.premine, 1, single(U128_MAX));
  const rune = take(fields, TAG.rune, 1, single(U128_MAX));
  const spacers = take(fields, TAG.spacers, 1, single(BigInt(MAX_SPACERS)));
  const symbol = take(fields, TAG.symbol, 1, symbolFrom);
  const terms = takeFlag(flags, FLAG.terms) ? takeTerms(fields) : undefined;
  const turbo = takeFlag(flags, FLAG.turbo);
  return {
    divisibility: divisibility === undefined ? undefined : Number(divisibility),
    premine,
    rune,
    spacers: spacers === undefined ? undefined : Number(spacers),
    symbol,
    terms,
    turbo,
  };
}

/** premine + cap × amount, undefined when it does not fit in a u128 (ord's Etching::supply). */
export function etchingSupply(etching: Etching): bigint | undefined {
  const supply =
    (etching.premine ?? 0n) + (etching.terms?.cap ?? 0n) * (etching.terms?.amount ?? 0n);
  return supply > U128_MAX ? undefined : supply;
}

/** What the transaction's runestone says (ord's Runestone::decipher); undefined when it has none. */
export function decipherRunestone(tx: RunestoneTx): Artifact | undefined {
  const payload = findPayload(tx);
  if (!payload) return undefined;
  if ('flaw' in payload) return { kind: 'cenotaph', cenotaph: { flaw: payload.flaw } };
  const values = integers(payload.bytes);
  if (!values) return { kind: 'cenotaph', cenotaph: { flaw: 'varint' } };

  const { edicts, fields, ...rest } = message(tx, values);
  let flaw = rest.flaw;
  const flags = { value: take(fields, TAG.flags, 1, ([value]) => value) ?? 0n };
  const etching = takeFlag(flags, FLAG.etching) ? takeEtching(fields, flags) : undefined;
  const mint = take(fields, TAG.mint, 2, ([block, txIndex]) =>
    block! <= U64_MAX && txIndex! <= U32_MAX && !(block === 0n && txIndex! > 0n)
      ? toRuneId({ block: block!, tx: txIndex! })
      : undefined,
  );
  const pointer = take(fields, TAG.pointer, 1, single(BigInt(tx.outputs.length) - 1n));

  if (etching && etchingSupply(etching) === undefined) flaw ??= 'supply-overflow';
  if (flags.value !== 0n) flaw ??= 'unrecognized-flag';
  if ([...fields.keys()].some((tag) => tag % 2n === 0n)) flaw ??= 'unrecognized-even-tag';

  if (flaw) {
    return { kind: 'cenotaph', cenotaph: { flaw, mint, etching: etching?.rune } };
  }
  return {
    kind: 'runestone',
    runestone: {
      edicts,
      etching,
      mint,
      pointer: pointer === undefined ? undefined : Number(pointer),
    },
  };
}

function encodeField(tag: bigint, value: bigint | undefined, out: number[]): void {
  if (value === undefined) return;
  encodeVarint(tag, out);
  encodeVarint(value, out);
}

function compareIds(a: RuneId, b: RuneId): number {
  return a.block - b.block || a.tx - b.tx;
}

/** The runestone's OP_RETURN script (ord's Runestone::encipher), for the transactions we build. */
export function encipherRunestone(runestone: Runestone): Uint8Array {
  const out: number[] = [];
  const { etching } = runestone;
  if (etching) {
    let flags = FLAG.etching;
    if (etching.terms) flags |= FLAG.terms;
    if (etching.turbo) flags |= FLAG.turbo;
    encodeField(TAG.flags, flags, out);
    encodeField(TAG.rune, etching.rune, out);
    encodeField(TAG.divisibility, optionalBig(etching.divisibility), out);
    encodeField(TAG.spacers, optionalBig(etching.spacers), out);
    encodeField(TAG.symbol, optionalBig(etching.symbol?.codePointAt(0)), out);
    encodeField(TAG.premine, etching.premine, out);
    const { terms } = etching;
    if (terms) {
      encodeField(TAG.amount, terms.amount, out);
      encodeField(TAG.cap, terms.cap, out);
      encodeField(TAG.heightStart, terms.height[0], out);
      encodeField(TAG.heightEnd, terms.height[1], out);
      encodeField(TAG.offsetStart, terms.offset[0], out);
      encodeField(TAG.offsetEnd, terms.offset[1], out);
    }
  }
  if (runestone.mint) {
    encodeField(TAG.mint, BigInt(runestone.mint.block), out);
    encodeField(TAG.mint, BigInt(runestone.mint.tx), out);
  }
  encodeField(TAG.pointer, optionalBig(runestone.pointer), out);
  if (runestone.edicts.length > 0) {
    encodeVarint(TAG.body, out);
    let previous: RuneId = { block: 0, tx: 0 };
    for (const edict of [...runestone.edicts].sort((a, b) => compareIds(a.id, b.id))) {
      const block = edict.id.block - previous.block;
      encodeVarint(BigInt(block), out);
      encodeVarint(BigInt(block === 0 ? edict.id.tx - previous.tx : edict.id.tx), out);
      encodeVarint(edict.amount, out);
      encodeVarint(BigInt(edict.output), out);
      previous = edict.id;
    }
  }
  // One push, however long: ord does not split the payload (relay policy is the builder's concern).
  const script = [OP_RETURN, OP_13];
  if (out.length > 0) script.push(...pushData(Uint8Array.from(out)));
  return Uint8Array.from(script);
}

function optionalBig(value: number | undefined): bigint | undefined {
  return value === undefined ? undefined : BigInt(value);
}
