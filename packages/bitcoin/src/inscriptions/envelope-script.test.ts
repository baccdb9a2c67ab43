import { hex } from '@scure/base';
import * as ordinals from 'micro-ordinals';
import { describe, expect, it } from 'vitest';
import { utf8ToBytes } from '../bytes.ts';
import { xOnlyPublicKey } from '../keys.ts';
import { buildEnvelopeScript, revealLeafScript, type EnvelopeContent } from './envelope-script.ts';
import {
  decodeInscriptionIdValue,
  decodePointer,
  parseEnvelopes,
  ENVELOPE_TAG,
} from './envelope.ts';
import type { InscriptionFields } from './envelope.types.ts';
import { decodeInstructions, encodeScript, OPCODE } from './tapscript.ts';

const b = (text: string) => utf8ToBytes(text);
const fill = (length: number, value = 0) => new Uint8Array(length).fill(value);
const PARENT = `${'ab'.repeat(32)}i0`;
const DELEGATE = `${'cd'.repeat(32)}i258`;
const KEY = xOnlyPublicKey(fill(32, 1));

const instructionCount = (script: Uint8Array) => decodeInstructions(script)?.length;
/** Parses scripts as one input's tapscript, the way a reveal witness carries them. */
const parse = (...scripts: Uint8Array[]) =>
  parseEnvelopes([[Uint8Array.from(scripts.flatMap((s) => [...s])), new Uint8Array(33)]]);
const fieldsOf = (script: Uint8Array) => parse(script).map((envelope) => envelope.fields);

describe('buildEnvelopeScript chunks as ord (inscription.rs reveal_script_chunks_*)', () => {
  it.each([
    [0, 7],
    [1, 8],
    [520, 8],
    [521, 9],
    [1040, 9],
    [1041, 10],
  ])('a body of %i bytes takes %i instructions', (length, expected) => {
    const script = buildEnvelopeScript({ contentType: 'foo', body: fill(length) });
    expect(instructionCount(script)).toBe(expected);
  });

  it.each([
    [undefined, 4],
    [0, 4],
    [1, 6],
    [520, 6],
    [521, 8],
  ])('metadata and properties of %s bytes take %i instructions', (length, expected) => {
    const value = length === undefined ? undefined : fill(length);
    expect(instructionCount(buildEnvelopeScript({ metadata: value }))).toBe(expected);
    expect(instructionCount(buildEnvelopeScript({ properties: value }))).toBe(expected);
  });

  it('chunks at a smaller chunkSize when asked', () => {
    const script = buildEnvelopeScript({ body: fill(10) }, { chunkSize: 4 });
    expect(instructionCount(script)).toBe(4 + 1 + 3);
    expect(fieldsOf(script)[0]?.body).toEqual(fill(10));
  });
});

describe('pointer_encode (inscription.rs)', () => {
  const START = '0063036f7264'; // OP_FALSE OP_IF "ord"
  it.each([
    [undefined, `${START}68`],
    [Uint8Array.of(1, 2, 3), `${START}0102` + '03010203' + '68'],
    [0x030201n, `${START}0102` + '03010203' + '68'],
    [0n, `${START}0102` + '00' + '68'],
  ])('%s', (pointer, expected) => {
    expect(hex.encode(buildEnvelopeScript({ pointer }))).toBe(expected);
  });
});

describe('round trip: what we build, ord-style parsing reads back', () => {
  const every: EnvelopeContent = {
    contentType: 'image/png',
    contentEncoding: 'br',
    metaprotocol: 'brc-20',
    parents: [PARENT, `${'ef'.repeat(32)}i1`],
    delegate: DELEGATE,
    pointer: 1_000n,
    metadata: fill(600, 5),
    rune: Uint8Array.of(1, 2),
    properties: fill(530, 6),
    propertyEncoding: 'br',
    body: fill(1500, 9),
  };

  it('every field', () => {
    const [fields] = fieldsOf(buildEnvelopeScript(every));
    expect(fields).toMatchObject<Partial<InscriptionFields>>({
      contentType: b('image/png'),
      contentEncoding: b('br'),
      metaprotocol: b('brc-20'),
      delegate: hex.decode(`${'cd'.repeat(32)}0201`),
      pointer: Uint8Array.of(0xe8, 0x03),
      metadata: fill(600, 5),
      rune: Uint8Array.of(1, 2),
      properties: fill(530, 6),
      propertyEncoding: b('br'),
      body: fill(1500, 9),
      // Two parents, and metadata and properties in two chunks each: ord counts all three.
      duplicateField: true,
      incompleteField: false,
      unrecognizedEvenField: false,
    });
    expect(fields?.parents.map(decodeInscriptionIdValue)).toEqual(every.parents);
    expect(decodeInscriptionIdValue(fields?.delegate ?? new Uint8Array())).toBe(DELEGATE);
    expect(decodePointer(fields?.pointer ?? new Uint8Array())).toBe(1_000n);
  });

  it('no fields at all', () => {
    expect(parse(buildEnvelopeScript({}))).toMatchObject([{ fields: { body: undefined } }]);
  });

  it('an empty body is a body', () => {
    expect(fieldsOf(buildEnvelopeScript({ body: '' }))[0]?.body).toEqual(new Uint8Array());
  });
});

describe('every ord curse and flag can be built', () => {
  it.each<[string, EnvelopeContent, object, Partial<InscriptionFields>, object]>([
    [
      'duplicate field',
      { contentType: 'text/plain', extraTags: [[ENVELOPE_TAG.contentType, b('text/html')]] },
      {},
      { contentType: b('text/plain'), duplicateField: true },
      {},
    ],
    [
      'unrecognized even field',
      { body: 'x', extraTags: [[ENVELOPE_TAG.unbound, Uint8Array.of(1)]] },
      {},
      { unrecognizedEvenField: true, body: b('x') },
      {},
    ],
    [
      'unrecognized even multi-byte tag',
      { extraTags: [[Uint8Array.of(4, 1), Uint8Array.of(1)]] },
      {},
      { unrecognizedEvenField: true },
      {},
    ],
    [
      'incomplete field',
      { rawPushes: [Uint8Array.of(ENVELOPE_TAG.contentType)] },
      {},
      { incompleteField: true },
      {},
    ],
    [
      'pushnum body',
      { body: Uint8Array.of(1) },
      { pushnum: true },
      { body: Uint8Array.of(1) },
      { pushnum: true },
    ],
    [
      'pushnum tag',
      { contentType: 'text/plain' },
      { pushnum: true },
      { contentType: b('text/plain') },
      { pushnum: true },
    ],
    ['stutter', { body: 'x' }, { stutter: true }, { body: b('x') }, { stutter: true }],
    ['pointer', { pointer: 5n }, {}, { pointer: Uint8Array.of(5) }, {}],
  ])('%s', (_name, content, options, fields, flags) => {
    expect(parse(buildEnvelopeScript(content, options))).toMatchObject([
      { input: 0, offset: 0, pushnum: false, stutter: false, ...flags, fields },
    ]);
  });

  it('pushnum leaves values other than 1..16 and 0x81 as pushes', () => {
    const script = buildEnvelopeScript({ body: Uint8Array.of(0) }, { pushnum: true });
    expect(parse(script)[0]?.pushnum).toBe(false);
    const negative = buildEnvelopeScript({ body: Uint8Array.of(0x81) }, { pushnum: true });
    expect(decodeInstructions(negative)).toContainEqual({ op: OPCODE.PUSHNUM_NEG1 });
  });

  it('several envelopes in one input, counted by offset', () => {
    const script = buildEnvelopeScript({ body: 'x' }, { envelopes: 3 });
    expect(parse(script).map((envelope) => envelope.offset)).toEqual([0, 1, 2]);
  });

  it('malformed parents and delegates as raw values', () => {
    const [fields] = fieldsOf(buildEnvelopeScript({ parents: [fill(31)], delegate: fill(37) }));
    expect(fields?.parents.map(decodeInscriptionIdValue)).toEqual([undefined]);
    expect(decodeInscriptionIdValue(fields?.delegate ?? new Uint8Array())).toBeUndefined();
  });

  it.each([
    [{ chunkSize: 521 }, 'chunkSize must be 1..520'],
    [{ chunkSize: 0 }, 'chunkSize must be 1..520'],
    [{ envelopes: 0 }, 'envelopes must be a positive integer'],
  ])('refuses options %j', (options, message) => {
    expect(() => buildEnvelopeScript({}, options)).toThrow(message);
  });

  it('refuses a push over 520 bytes, which no node would execute', () => {
    expect(() => buildEnvelopeScript({ contentType: fill(521) })).toThrow(
      'A push of 521 bytes exceeds 520',
    );
  });
});

describe('revealLeafScript', () => {
  it('is <x-only key> OP_CHECKSIG, then the envelopes', () => {
    const first = buildEnvelopeScript({ body: 'a' });
    const second = buildEnvelopeScript({ body: 'b' });
    const leaf = revealLeafScript(KEY, [first, second]);
    expect(leaf.subarray(0, 34)).toEqual(encodeScript([KEY, { op: OPCODE.CHECKSIG }]));
    expect(hex.encode(leaf.subarray(34))).toBe(hex.encode(first) + hex.encode(second));
    expect(fieldsOf(leaf).map((fields) => fields.body)).toEqual([b('a'), b('b')]);
  });

  it('takes a compressed key as its x-only form', () => {
    const compressed = Uint8Array.of(0x02, ...KEY);
    expect(revealLeafScript(compressed, [])).toEqual(revealLeafScript(KEY, []));
  });
});

describe('agrees with micro-ordinals', () => {
  it('reads the reveal script micro-ordinals writes', () => {
    const leaf = ordinals.p2tr_ord_reveal(KEY, [
      { tags: { contentType: 'text/plain', pointer: 7n, metaprotocol: 'brc-20' }, body: b('hi') },
    ]).script;
    const [fields] = fieldsOf(leaf);
    expect(fields?.contentType).toEqual(b('text/plain'));
    expect(fields?.body).toEqual(b('hi'));
    expect(fields?.pointer && decodePointer(fields.pointer)).toBe(7n);
    expect(fields?.metaprotocol).toEqual(b('brc-20'));
  });

  it('is read by micro-ordinals', () => {
    const envelope = buildEnvelopeScript({
      contentType: 'text/plain',
      metaprotocol: 'brc-20',
      pointer: 7n,
      body: fill(700, 3),
    });
    const leaf = revealLeafScript(KEY, [envelope]);
    const [inscription] =
      ordinals.parseWitness([new Uint8Array(64), leaf, new Uint8Array(33)]) ?? [];
    expect(inscription?.tags).toMatchObject({
      contentType: 'text/plain',
      metaprotocol: 'brc-20',
      pointer: 7n,
    });
    expect(inscription?.body).toEqual(fill(700, 3));
  });
});
