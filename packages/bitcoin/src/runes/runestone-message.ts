import { OP_13, OP_RETURN, scriptInstructions } from './runestone-script.ts';
import type { Edict, Flaw, RuneId } from './runestone.types.ts';
import { decodeVarint } from './varint.ts';

/**
 * A runestone's payload as integers, and those integers as fields and edicts: ord's
 * Runestone::payload and ::integers, Message::from_integers and Tag::take (ordinals/ord,
 * crates/ordinals/src/runestone.rs, runestone/message.rs, runestone/tag.rs).
 */

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

export const U64_MAX = (1n << 64n) - 1n;
export const U32_MAX = (1n << 32n) - 1n;

export interface RunestoneTx {
  outputs: { script: Uint8Array }[];
}

type Payload = { bytes: Uint8Array } | { flaw: Flaw };

/** The first OP_RETURN OP_13 output's pushes, concatenated; undefined when there is none. */
export function findPayload(tx: RunestoneTx): Payload | undefined {
  for (const output of tx.outputs) {
    const iterator = scriptInstructions(output.script);
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

export function integers(payload: Uint8Array): bigint[] | undefined {
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

export function toRuneId(id: { block: bigint; tx: bigint }): RuneId {
  // Block heights above 2^53 name no rune that exists; number keeps the shape the index uses.
  return { block: Number(id.block), tx: Number(id.tx) };
}

interface Message {
  flaw?: Flaw;
  edicts: Edict[];
  fields: Map<bigint, bigint[]>;
}

/** ord's Message::from_integers: tag/value pairs until the body tag, then edicts. */
export function message(tx: RunestoneTx, values: bigint[]): Message {
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
export function take<T>(
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
