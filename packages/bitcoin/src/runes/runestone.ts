import { encodePush } from '../inscriptions/tapscript.ts';
import { OP_13, OP_RETURN } from './runestone-script.ts';
import {
  findPayload,
  integers,
  message,
  type RunestoneTx,
  TAG,
  take,
  toRuneId,
  U32_MAX,
  U64_MAX,
} from './runestone-message.ts';
import type { Artifact, Etching, RuneId, Runestone, Terms } from './runestone.types.ts';
import { encodeVarint, U128_MAX } from './varint.ts';

/**
 * A transaction's runestone, read and written as ord's Runestone::decipher and ::encipher
 * (ordinals/ord, crates/ordinals/src/runestone.rs and runestone/{message,tag,flag}.rs). The
 * payload is a list of LEB128 integers: tag/value pairs, then after tag 0 the edicts, four
 * integers each, their rune ids delta-encoded.
 */

export const MAX_DIVISIBILITY = 38;
/** A spacer after each of the largest name's 27 inner letters. */
export const MAX_SPACERS = 0b111_1111_1111_1111_1111_1111_1111;

export { TAG } from './runestone-message.ts';

export const FLAG = {
  etching: 1n << 0n,
  terms: 1n << 1n,
  turbo: 1n << 2n,
  /** Reserved: a runestone with it set is a cenotaph. */
  cenotaph: 1n << 127n,
} as const;

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
  if (out.length > 0) script.push(...encodePush(Uint8Array.from(out)));
  return Uint8Array.from(script);
}

function optionalBig(value: number | undefined): bigint | undefined {
  return value === undefined ? undefined : BigInt(value);
}
