import { utf8ToBytes } from '../bytes.ts';
import { toXOnly } from '../keys.ts';
import {
  encodeInscriptionIdValue,
  encodePointer,
  ORD_PROTOCOL_ID,
  ENVELOPE_TAG,
} from './envelope.ts';
import {
  concatBytes,
  encodeScript,
  MAX_SCRIPT_ELEMENT_SIZE,
  OPCODE,
  type ScriptItem,
} from './tapscript.ts';

/**
 * What to put in an envelope. Text may be given as a string (UTF-8) or raw bytes; ids as
 * `<txid>i<n>` or as raw tag values, so tests can write malformed ones too.
 */
export type EnvelopeContent = {
  contentType?: string | Uint8Array;
  contentEncoding?: string | Uint8Array;
  metaprotocol?: string | Uint8Array;
  /** Tag 3, once per parent. */
  parents?: readonly (string | Uint8Array)[];
  delegate?: string | Uint8Array;
  /** Sat offset into the reveal's outputs; raw bytes for a non-canonical encoding. */
  pointer?: bigint | Uint8Array;
  /** CBOR, written in chunks (tag 5 before each). */
  metadata?: Uint8Array;
  /** CBOR, written in chunks (tag 17 before each). */
  properties?: Uint8Array;
  propertyEncoding?: string | Uint8Array;
  rune?: Uint8Array;
  /** More `[tag, value]` pairs after the fields above: unknown, repeated or multi-byte tags. */
  extraTags?: readonly (readonly [tag: number | Uint8Array, value: Uint8Array])[];
  body?: string | Uint8Array;
  /** Written verbatim after the protocol id instead of everything above. */
  rawPushes?: readonly ScriptItem[];
};

export type EnvelopeScriptOptions = {
  /** Write one-byte pushes of 1..16 or 0x81 (tags too) as OP_1..OP_16 / OP_1NEGATE. ord curses it. */
  pushnum?: boolean;
  /**
   * Wrap the envelope as `OP_FALSE OP_IF <envelope> OP_ENDIF`: ord reads a stutter (and curses
   * it), while the script stays balanced and spendable.
   */
  stutter?: boolean;
  /** Write the envelope this many times (ord curses all but the first in an input). Default 1. */
  envelopes?: number;
  /** Largest push for body, metadata and properties chunks; at most 520 (the default). */
  chunkSize?: number;
};

/**
 * The bytes of `OP_FALSE OP_IF "ord" <tag value>... [OP_0 <body chunks>] OP_ENDIF`, fields in the
 * order ord's own `append_reveal_script_to_builder` writes them. Throws RangeError on a push over
 * 520 bytes (the script would be unspendable) or a bad option.
 */
export function buildEnvelopeScript(
  content: EnvelopeContent,
  options: EnvelopeScriptOptions = {},
): Uint8Array {
  const { pushnum = false, stutter = false, envelopes = 1 } = options;
  const chunkSize = options.chunkSize ?? MAX_SCRIPT_ELEMENT_SIZE;
  if (!Number.isInteger(chunkSize) || chunkSize < 1 || chunkSize > MAX_SCRIPT_ELEMENT_SIZE) {
    throw new RangeError(`chunkSize must be 1..${MAX_SCRIPT_ELEMENT_SIZE}, got ${chunkSize}`);
  }
  if (!Number.isInteger(envelopes) || envelopes < 1) {
    throw new RangeError(`envelopes must be a positive integer, got ${envelopes}`);
  }
  const payload = (content.rawPushes ?? contentPushes(content, chunkSize)).map((item) =>
    pushnum ? asPushnum(item) : item,
  );
  for (const item of payload) {
    if (item instanceof Uint8Array && item.length > MAX_SCRIPT_ELEMENT_SIZE) {
      throw new RangeError(`A push of ${item.length} bytes exceeds ${MAX_SCRIPT_ELEMENT_SIZE}`);
    }
  }
  let items: ScriptItem[] = [
    op(OPCODE.FALSE),
    op(OPCODE.IF),
    ORD_PROTOCOL_ID,
    ...payload,
    op(OPCODE.ENDIF),
  ];
  if (stutter) items = [op(OPCODE.FALSE), op(OPCODE.IF), ...items, op(OPCODE.ENDIF)];
  const envelope = encodeScript(items);
  return concatBytes(Array.from({ length: envelopes }, () => envelope));
}

/**
 * The tapscript leaf of a reveal: `<x-only pubkey> OP_CHECKSIG` followed by the envelopes. After
 * the signature check each `OP_FALSE OP_IF ... OP_ENDIF` is skipped, so any number of envelopes
 * can ride in one input.
 */
export function revealLeafScript(
  publicKey: Uint8Array,
  envelopeScripts: readonly Uint8Array[],
): Uint8Array {
  const checksig = encodeScript([toXOnly(publicKey), op(OPCODE.CHECKSIG)]);
  return concatBytes([checksig, ...envelopeScripts]);
}

function contentPushes(content: EnvelopeContent, chunkSize: number): Uint8Array[] {
  const pushes: Uint8Array[] = [];
  const add = (tag: number | Uint8Array, value: Uint8Array | undefined) => {
    if (value) pushes.push(typeof tag === 'number' ? Uint8Array.of(tag) : tag, value);
  };
  const addChunked = (tag: number, value: Uint8Array | undefined) => {
    for (const chunk of chunks(value ?? new Uint8Array(), chunkSize)) add(tag, chunk);
  };
  add(ENVELOPE_TAG.contentType, text(content.contentType));
  add(ENVELOPE_TAG.contentEncoding, text(content.contentEncoding));
  add(ENVELOPE_TAG.metaprotocol, text(content.metaprotocol));
  for (const parent of content.parents ?? []) add(ENVELOPE_TAG.parent, idValue(parent));
  add(ENVELOPE_TAG.delegate, idValue(content.delegate));
  add(ENVELOPE_TAG.pointer, pointerValue(content.pointer));
  addChunked(ENVELOPE_TAG.metadata, content.metadata);
  add(ENVELOPE_TAG.rune, content.rune);
  addChunked(ENVELOPE_TAG.properties, content.properties);
  add(ENVELOPE_TAG.propertyEncoding, text(content.propertyEncoding));
  for (const [tag, value] of content.extraTags ?? []) add(tag, value);
  const body = text(content.body);
  if (body) pushes.push(new Uint8Array(), ...chunks(body, chunkSize));
  return pushes;
}

function chunks(bytes: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += size) out.push(bytes.subarray(at, at + size));
  return out;
}

function text(value: string | Uint8Array | undefined): Uint8Array | undefined {
  return typeof value === 'string' ? utf8ToBytes(value) : value;
}

function idValue(value: string | Uint8Array | undefined): Uint8Array | undefined {
  return typeof value === 'string' ? encodeInscriptionIdValue(value) : value;
}

function pointerValue(value: bigint | Uint8Array | undefined): Uint8Array | undefined {
  return typeof value === 'bigint' ? encodePointer(value) : value;
}

function asPushnum(item: ScriptItem): ScriptItem {
  if (!(item instanceof Uint8Array) || item.length !== 1) return item;
  const value = item[0] as number;
  if (value === 0x81) return op(OPCODE.PUSHNUM_NEG1);
  if (value >= 1 && value <= 16) return op(OPCODE.PUSHNUM_1 + value - 1);
  return item;
}

function op(code: number): ScriptItem {
  return { op: code };
}
