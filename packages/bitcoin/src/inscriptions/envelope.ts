import { utf8 } from '@scure/base';
import { bytesToHex, equalBytes, hexToBytes } from '../bytes.ts';
import type { Envelope, InscriptionFields } from './envelope.types.ts';
import { concatBytes, decodeInstructions, OPCODE, type ScriptInstruction } from './tapscript.ts';

// ord's envelope reader (src/inscriptions/envelope.rs, tag.rs, inscription.rs, inscription_id.rs),
// rule for rule: what ord sees in a transaction's witnesses, we see.

export const ORD_PROTOCOL_ID = Uint8Array.of(0x6f, 0x72, 0x64); // "ord"

/** ord's Tag enum (tag.rs). Unbound, note and nop are reserved: ord reads no value from them. */
export const ENVELOPE_TAG = {
  contentType: 1,
  pointer: 2,
  parent: 3,
  metadata: 5,
  metaprotocol: 7,
  contentEncoding: 9,
  delegate: 11,
  rune: 13,
  note: 15,
  properties: 17,
  propertyEncoding: 19,
  unbound: 66,
  nop: 255,
} as const;

/** ord's re::INSCRIPTION_ID: 64 hex digits (either case), `i`, a decimal index. */
export const INSCRIPTION_ID_RE = /^[0-9a-fA-F]{64}i\d+$/;

type RawEnvelope = Omit<Envelope, 'fields'> & { payload: Uint8Array[] };

/** The envelopes of a transaction, given each input's witness stack in input order. */
export function parseEnvelopes(witnesses: readonly (readonly Uint8Array[])[]): Envelope[] {
  return witnesses.flatMap((witness, input) => {
    const script = tapscript(witness);
    const instructions = script && decodeInstructions(script);
    // A script that does not decode to its end yields nothing, even envelopes before the error.
    if (!instructions) return [];
    return envelopesOf(instructions, input).map(({ payload, ...envelope }) => ({
      ...envelope,
      fields: parseFields(payload),
    }));
  });
}

/**
 * rust-bitcoin's `Witness::tapscript()` (BIP341): drop an annex (a last element starting 0x50 when
 * there are at least two), then the script is the second-to-last element. The witness program
 * version is not checked, exactly as ord does not.
 */
function tapscript(witness: readonly Uint8Array[]): Uint8Array | undefined {
  const hasAnnex = witness.length >= 2 && witness[witness.length - 1]?.[0] === 0x50;
  return witness[witness.length - (hasAnnex ? 3 : 2)];
}

/** RawEnvelope::from_tapscript: every `OP_FALSE OP_IF "ord" <pushes> OP_ENDIF` in order. */
function envelopesOf(instructions: ScriptInstruction[], input: number): RawEnvelope[] {
  const envelopes: RawEnvelope[] = [];
  let at = 0;
  let stuttered = false;
  while (at < instructions.length) {
    if (!isEmptyPush(instructions[at++])) continue;
    const read = readEnvelope(instructions, at);
    at = read.next;
    if (read.payload) {
      const { payload, pushnum } = read;
      // As ord: a found envelope leaves `stuttered` as it was.
      envelopes.push({ input, offset: envelopes.length, payload, pushnum, stutter: stuttered });
    } else {
      stuttered = read.stutter;
    }
  }
  return envelopes;
}

type EnvelopeRead =
  | { next: number; payload: Uint8Array[]; pushnum: boolean }
  | { next: number; payload?: undefined; stutter: boolean };

/** RawEnvelope::from_instructions, starting just after an empty push. */
function readEnvelope(instructions: ScriptInstruction[], start: number): EnvelopeRead {
  let at = start;
  for (const accepted of [isOp(OPCODE.IF), isProtocolId]) {
    // A failed start right before another empty push is a "stutter" (ord's curse).
    if (!accepted(instructions[at])) return { next: at, stutter: isEmptyPush(instructions[at]) };
    at++;
  }
  const payload: Uint8Array[] = [];
  let pushnum = false;
  while (at < instructions.length) {
    const instruction = instructions[at++] as ScriptInstruction;
    if ('push' in instruction) {
      payload.push(instruction.push);
      continue;
    }
    if (instruction.op === OPCODE.ENDIF) return { next: at, payload, pushnum };
    const value = pushnumValue(instruction.op);
    if (value === undefined) break;
    pushnum = true;
    payload.push(Uint8Array.of(value));
  }
  return { next: at, stutter: false };
}

/** OP_1NEGATE pushes 0x81 and OP_1..OP_16 push 1..16; ord takes them as those one-byte values. */
function pushnumValue(op: number): number | undefined {
  if (op === OPCODE.PUSHNUM_NEG1) return 0x81;
  if (op >= OPCODE.PUSHNUM_1 && op <= OPCODE.PUSHNUM_16) return op - OPCODE.PUSHNUM_1 + 1;
  return undefined;
}

function isEmptyPush(instruction: ScriptInstruction | undefined): boolean {
  return instruction !== undefined && 'push' in instruction && instruction.push.length === 0;
}

function isOp(op: number) {
  return (instruction: ScriptInstruction | undefined) =>
    instruction !== undefined && 'op' in instruction && instruction.op === op;
}

function isProtocolId(instruction: ScriptInstruction | undefined): boolean {
  return (
    instruction !== undefined &&
    'push' in instruction &&
    equalBytes(instruction.push, ORD_PROTOCOL_ID)
  );
}

/**
 * ParsedEnvelope::from: `[tag, value]` pairs up to the first empty push at an even position (the
 * body separator); the body is every push after it, concatenated. Tags are compared as whole
 * byte strings, so a tag pushed as `[1, 0]` is not content type but an unknown odd tag.
 */
function parseFields(payload: Uint8Array[]): InscriptionFields {
  const separator = payload.findIndex((push, i) => i % 2 === 0 && push.length === 0);
  const pairs = separator === -1 ? payload : payload.slice(0, separator);
  const fields = new Map<string, Uint8Array[]>();
  for (let i = 0; i + 1 < pairs.length; i += 2) {
    const key = bytesToHex(pairs[i] as Uint8Array);
    fields.set(key, [...(fields.get(key) ?? []), pairs[i + 1] as Uint8Array]);
  }
  // Counted before any tag is taken, so repeated chunks and parents count as duplicates too.
  const duplicateField = [...fields.values()].some((values) => values.length > 1);
  const parsed = {
    body: separator === -1 ? undefined : concatBytes(payload.slice(separator + 1)),
    contentEncoding: take(fields, ENVELOPE_TAG.contentEncoding),
    contentType: take(fields, ENVELOPE_TAG.contentType),
    delegate: take(fields, ENVELOPE_TAG.delegate),
    metadata: takeChunked(fields, ENVELOPE_TAG.metadata),
    metaprotocol: take(fields, ENVELOPE_TAG.metaprotocol),
    parents: takeAll(fields, ENVELOPE_TAG.parent),
    pointer: take(fields, ENVELOPE_TAG.pointer),
    properties: takeChunked(fields, ENVELOPE_TAG.properties),
    propertyEncoding: take(fields, ENVELOPE_TAG.propertyEncoding),
    rune: take(fields, ENVELOPE_TAG.rune),
  };
  // What is left: unknown tags, and the second value of a repeated non-chunked tag (so a repeated
  // pointer, tag 2, is also an unrecognized even field). The tag's first byte decides its parity.
  const unrecognizedEvenField = [...fields.keys()].some(
    (key) => parseInt(key.slice(0, 2), 16) % 2 === 0,
  );
  return {
    ...parsed,
    duplicateField,
    incompleteField: pairs.length % 2 === 1,
    unrecognizedEvenField,
  };
}

function tagKey(tag: number): string {
  return bytesToHex(Uint8Array.of(tag));
}

/** Tag::take for a plain tag: the first value wins and later ones stay in the map. */
function take(fields: Map<string, Uint8Array[]>, tag: number): Uint8Array | undefined {
  const key = tagKey(tag);
  const [first, ...rest] = fields.get(key) ?? [];
  if (rest.length > 0) fields.set(key, rest);
  else fields.delete(key);
  return first;
}

/** Tag::take for a chunked tag (metadata, properties): every value, concatenated. */
function takeChunked(fields: Map<string, Uint8Array[]>, tag: number): Uint8Array | undefined {
  const values = takeAll(fields, tag);
  return values.length > 0 ? concatBytes(values) : undefined;
}

function takeAll(fields: Map<string, Uint8Array[]>, tag: number): Uint8Array[] {
  const key = tagKey(tag);
  const values = fields.get(key) ?? [];
  fields.delete(key);
  return values;
}

/**
 * Inscription::pointer: a little-endian u64. Bytes past the eighth may be present but must be
 * zero, else there is no pointer. An empty value is pointer 0.
 */
export function decodePointer(value: Uint8Array): bigint | undefined {
  if (value.subarray(8).some((byte) => byte !== 0)) return undefined;
  let pointer = 0n;
  for (let i = Math.min(value.length, 8) - 1; i >= 0; i--) {
    pointer = (pointer << 8n) | BigInt(value[i] as number);
  }
  return pointer;
}

/** Inscription::pointer_value: little-endian with trailing zero bytes dropped (0 is empty). */
export function encodePointer(pointer: bigint): Uint8Array {
  if (pointer < 0n || pointer > 0xffff_ffff_ffff_ffffn) {
    throw new RangeError(`Pointer ${pointer} is not a u64`);
  }
  const bytes: number[] = [];
  for (let rest = pointer; rest > 0n; rest >>= 8n) bytes.push(Number(rest & 0xffn));
  return Uint8Array.from(bytes);
}

/**
 * InscriptionId::from_value: a 32-byte txid in internal byte order, then the index little-endian
 * in exactly 4 bytes or in 0-3 bytes without trailing zeros. Returns `<txid>i<index>`.
 */
export function decodeInscriptionIdValue(value: Uint8Array): string | undefined {
  if (value.length < 32 || value.length > 36) return undefined;
  const index = value.subarray(32);
  if (index.length > 0 && index.length !== 4 && index[index.length - 1] === 0) return undefined;
  let n = 0;
  for (let i = index.length - 1; i >= 0; i--) n = n * 256 + (index[i] as number);
  return inscriptionId(bytesToHex(value.slice(0, 32).reverse()), n);
}

/** InscriptionId::value: the parent/delegate encoding (txid reversed, index without trailing 0s). */
export function encodeInscriptionIdValue(id: string): Uint8Array {
  const parsed = parseInscriptionId(id);
  if (!parsed) throw new Error(`Invalid inscription id: ${id}`);
  const index: number[] = [];
  for (let rest = parsed.index; rest > 0; rest = Math.floor(rest / 256)) index.push(rest % 256);
  return Uint8Array.from([...hexToBytes(parsed.txid).reverse(), ...index]);
}

/** `<txid>i<index>`, with the txid in display (RPC) byte order. */
export function inscriptionId(txid: string, index: number): string {
  return `${txid}i${index}`;
}

/** The txid (lower case) and index of an inscription id; undefined unless the index is a u32. */
export function parseInscriptionId(id: string): { txid: string; index: number } | undefined {
  if (!INSCRIPTION_ID_RE.test(id)) return undefined;
  const index = Number(id.slice(65));
  if (index > 0xffff_ffff) return undefined;
  return { txid: id.slice(0, 64).toLowerCase(), index };
}

/**
 * Text of a field (content type, content encoding, metaprotocol) as ord reads it with
 * `str::from_utf8(..).ok()`: the exact string when the bytes are valid UTF-8 (a BOM kept), else
 * null. Never lossy.
 */
export function decodeText(bytes: Uint8Array): string | null {
  try {
    return utf8.encode(bytes);
  } catch {
    // Invalid UTF-8 means "no text", which is ord's answer too.
    return null;
  }
}
