import { describe, expect, it } from 'vitest';
import { hexToBytes, utf8ToBytes } from '../bytes.ts';
import { buildEnvelopeScript, type EnvelopeContent } from './envelope-script.ts';
import {
  decodeInscriptionIdValue,
  decodePointer,
  decodeText,
  encodeInscriptionIdValue,
  encodePointer,
  INSCRIPTION_ID_RE,
  inscriptionId,
  parseEnvelopes,
  parseInscriptionId,
  ENVELOPE_TAG,
} from './envelope.ts';
import type { Envelope, InscriptionFields } from './envelope.types.ts';
import { encodeScript, OPCODE, type ScriptItem } from './tapscript.ts';

// Ported from ord src/inscriptions/envelope.rs (mod tests), inscription.rs and inscription_id.rs;
// each case keeps ord's test name.

const b = (text: string) => utf8ToBytes(text);
const bytes = (...values: number[]) => Uint8Array.from(values);
const fill = (length: number, value: number) => new Uint8Array(length).fill(value);
const ORD = b('ord');
const TEXT = b('text/plain;charset=utf-8');
const op = (code: number): ScriptItem => ({ op: code });
const [FALSE, IF, ENDIF] = [op(OPCODE.FALSE), op(OPCODE.IF), op(OPCODE.ENDIF)];

/** A script-path witness: the script, then an empty control block (as ord's tests write it). */
const witnessOf = (items: ScriptItem[]) => [encodeScript(items), new Uint8Array()];
/** ord's test helper `envelope(&[...])`: OP_FALSE OP_IF <pushes> OP_ENDIF. */
const envelope = (pushes: Uint8Array[]) => witnessOf([FALSE, IF, ...pushes, ENDIF]);
/** ord's `Inscription::to_witness()`. */
const toWitness = (content: EnvelopeContent) => [buildEnvelopeScript(content), new Uint8Array()];

function fields(overrides: Partial<InscriptionFields> = {}): InscriptionFields {
  return {
    body: undefined,
    contentType: undefined,
    contentEncoding: undefined,
    metaprotocol: undefined,
    parents: [],
    delegate: undefined,
    pointer: undefined,
    metadata: undefined,
    properties: undefined,
    propertyEncoding: undefined,
    rune: undefined,
    duplicateField: false,
    incompleteField: false,
    unrecognizedEvenField: false,
    ...overrides,
  };
}

function parsed(
  overrides: Partial<InscriptionFields> = {},
  envelope: Partial<Omit<Envelope, 'fields'>> = {},
): Envelope {
  return {
    input: 0,
    offset: 0,
    pushnum: false,
    stutter: false,
    ...envelope,
    fields: fields(overrides),
  };
}

const inscription = (contentType: string, body: Uint8Array | string) => ({
  contentType: b(contentType),
  body: typeof body === 'string' ? b(body) : body,
});

type Case = { name: string; witnesses: Uint8Array[][]; expected: Envelope[] };

const minimal = [FALSE, IF, ORD, ENDIF];
const stutterScripts: [ScriptItem[], boolean][] = [
  [[FALSE, FALSE, IF, ORD, ENDIF], true],
  [[FALSE, IF, FALSE, IF, ORD, ENDIF], true],
  [[FALSE, IF, FALSE, IF, FALSE, IF, ORD, ENDIF], true],
  [[FALSE, FALSE, op(0x84 /* OP_AND */), FALSE, IF, ORD, ENDIF], false],
];

const cases: Case[] = [
  { name: 'empty', witnesses: [[]], expected: [] },
  { name: 'ignore_key_path_spends', witnesses: [[encodeScript(minimal)]], expected: [] },
  {
    name: 'ignore_key_path_spends_with_annex',
    witnesses: [[encodeScript(minimal), bytes(0x50)]],
    expected: [],
  },
  { name: 'parse_from_tapscript', witnesses: [witnessOf(minimal)], expected: [parsed()] },
  {
    name: 'ignore_unparsable_scripts',
    witnesses: [[Uint8Array.from([...encodeScript(minimal), 0x01]), new Uint8Array()]],
    expected: [],
  },
  { name: 'no_inscription', witnesses: [[new Uint8Array(), new Uint8Array()]], expected: [] },
  {
    name: 'duplicate_field',
    witnesses: [
      envelope([ORD, bytes(ENVELOPE_TAG.nop), bytes(), bytes(ENVELOPE_TAG.nop), bytes()]),
    ],
    expected: [parsed({ duplicateField: true })],
  },
  {
    name: 'with_content_type',
    witnesses: [envelope([ORD, bytes(ENVELOPE_TAG.contentType), TEXT, bytes(), ORD])],
    expected: [parsed(inscription('text/plain;charset=utf-8', 'ord'))],
  },
  {
    name: 'with_content_encoding',
    witnesses: [envelope([ORD, bytes(1), TEXT, bytes(9), b('br'), bytes(), ORD])],
    expected: [
      parsed({ ...inscription('text/plain;charset=utf-8', 'ord'), contentEncoding: b('br') }),
    ],
  },
  {
    name: 'with_unknown_tag',
    witnesses: [envelope([ORD, bytes(1), TEXT, bytes(ENVELOPE_TAG.nop), b('bar'), bytes(), ORD])],
    expected: [parsed(inscription('text/plain;charset=utf-8', 'ord'))],
  },
  {
    name: 'no_body',
    witnesses: [envelope([ORD, bytes(1), TEXT])],
    expected: [parsed({ contentType: TEXT })],
  },
  {
    name: 'no_content_type',
    witnesses: [envelope([ORD, bytes(), b('foo')])],
    expected: [parsed({ body: b('foo') })],
  },
  {
    name: 'valid_body_in_multiple_pushes',
    witnesses: [envelope([ORD, bytes(1), TEXT, bytes(), b('foo'), b('bar')])],
    expected: [parsed(inscription('text/plain;charset=utf-8', 'foobar'))],
  },
  {
    name: 'valid_body_in_zero_pushes',
    witnesses: [envelope([ORD, bytes(1), TEXT, bytes()])],
    expected: [parsed(inscription('text/plain;charset=utf-8', ''))],
  },
  {
    name: 'valid_body_in_multiple_empty_pushes',
    witnesses: [envelope([ORD, bytes(1), TEXT, ...Array.from({ length: 6 }, () => bytes())])],
    expected: [parsed(inscription('text/plain;charset=utf-8', ''))],
  },
  {
    name: 'valid_ignore_trailing',
    witnesses: [
      witnessOf([FALSE, IF, ORD, bytes(1), TEXT, bytes(), ORD, ENDIF, op(OPCODE.CHECKSIG)]),
    ],
    expected: [parsed(inscription('text/plain;charset=utf-8', 'ord'))],
  },
  {
    name: 'valid_ignore_preceding',
    witnesses: [
      witnessOf([op(OPCODE.CHECKSIG), FALSE, IF, ORD, bytes(1), TEXT, bytes(), ORD, ENDIF]),
    ],
    expected: [parsed(inscription('text/plain;charset=utf-8', 'ord'))],
  },
  {
    name: 'multiple_inscriptions_in_a_single_witness',
    witnesses: [
      witnessOf([
        ...[FALSE, IF, ORD, bytes(1), TEXT, bytes(), b('foo'), ENDIF],
        ...[FALSE, IF, ORD, bytes(1), TEXT, bytes(), b('bar'), ENDIF],
      ]),
    ],
    expected: [
      parsed(inscription('text/plain;charset=utf-8', 'foo')),
      parsed(inscription('text/plain;charset=utf-8', 'bar'), { offset: 1 }),
    ],
  },
  {
    name: 'invalid_utf8_does_not_render_inscription_invalid',
    witnesses: [envelope([ORD, bytes(1), TEXT, bytes(), bytes(0b10000000)])],
    expected: [parsed(inscription('text/plain;charset=utf-8', bytes(0b10000000)))],
  },
  { name: 'no_endif', witnesses: [witnessOf([FALSE, IF, ORD])], expected: [] },
  { name: 'no_op_false', witnesses: [witnessOf([IF, ORD, ENDIF])], expected: [] },
  { name: 'empty_envelope', witnesses: [envelope([])], expected: [] },
  { name: 'wrong_protocol_identifier', witnesses: [envelope([b('foo')])], expected: [] },
  {
    name: 'extract_from_transaction',
    witnesses: [envelope([ORD, bytes(1), TEXT, bytes(), ORD])],
    expected: [parsed(inscription('text/plain;charset=utf-8', 'ord'))],
  },
  {
    name: 'extract_from_second_input',
    witnesses: [[], toWitness(inscription('foo', fill(1040, 1)))],
    expected: [parsed(inscription('foo', fill(1040, 1)), { input: 1 })],
  },
  {
    name: 'extract_from_second_envelope',
    witnesses: [
      [
        Uint8Array.from([
          ...buildEnvelopeScript(inscription('foo', fill(100, 1))),
          ...buildEnvelopeScript(inscription('bar', fill(100, 1))),
        ]),
        new Uint8Array(),
      ],
    ],
    expected: [
      parsed(inscription('foo', fill(100, 1))),
      parsed(inscription('bar', fill(100, 1)), { offset: 1 }),
    ],
  },
  {
    name: 'inscribe_png',
    witnesses: [envelope([ORD, bytes(1), b('image/png'), bytes(), fill(100, 1)])],
    expected: [parsed(inscription('image/png', fill(100, 1)))],
  },
  {
    name: 'chunked_data_is_parsable',
    witnesses: [toWitness(inscription('foo', fill(1040, 1)))],
    expected: [parsed(inscription('foo', fill(1040, 1)))],
  },
  { name: 'round_trip_with_no_fields', witnesses: [toWitness({})], expected: [parsed()] },
  {
    name: 'unknown_odd_fields_are_ignored',
    witnesses: [envelope([ORD, bytes(ENVELOPE_TAG.nop), bytes(0)])],
    expected: [parsed()],
  },
  {
    name: 'unknown_even_fields',
    witnesses: [envelope([ORD, bytes(22), bytes(0)])],
    expected: [parsed({ unrecognizedEvenField: true })],
  },
  {
    name: 'pointer_field_is_recognized',
    witnesses: [envelope([ORD, bytes(2), bytes(1)])],
    expected: [parsed({ pointer: bytes(1) })],
  },
  {
    name: 'duplicate_pointer_field_makes_inscription_unbound',
    witnesses: [envelope([ORD, bytes(2), bytes(1), bytes(2), bytes(0)])],
    expected: [parsed({ pointer: bytes(1), duplicateField: true, unrecognizedEvenField: true })],
  },
  {
    name: 'tag_66_makes_inscriptions_unbound',
    witnesses: [envelope([ORD, bytes(ENVELOPE_TAG.unbound), bytes(1)])],
    expected: [parsed({ unrecognizedEvenField: true })],
  },
  {
    name: 'incomplete_field',
    witnesses: [envelope([ORD, bytes(99)])],
    expected: [parsed({ incompleteField: true })],
  },
  {
    name: 'metadata_is_parsed_correctly',
    witnesses: [envelope([ORD, bytes(ENVELOPE_TAG.metadata), bytes()])],
    expected: [parsed({ metadata: bytes() })],
  },
  {
    name: 'metadata_is_parsed_correctly_from_chunks',
    witnesses: [envelope([ORD, bytes(5), bytes(0), bytes(5), bytes(1)])],
    expected: [parsed({ metadata: bytes(0, 1), duplicateField: true })],
  },
  {
    name: 'properties_are_parsed_correctly',
    witnesses: [envelope([ORD, bytes(ENVELOPE_TAG.properties), bytes(1, 2, 3)])],
    expected: [parsed({ properties: bytes(1, 2, 3) })],
  },
  {
    name: 'properties_are_parsed_correctly_from_chunks',
    witnesses: [envelope([ORD, bytes(17), bytes(0), bytes(17), bytes(1)])],
    expected: [parsed({ properties: bytes(0, 1), duplicateField: true })],
  },
  ...stutterScripts.map(([script, stutter], i) => ({
    name: `stuttering #${i + 1}`,
    witnesses: [witnessOf(script)],
    expected: [parsed({}, { stutter })],
  })),
];

const pushnums: [number, number][] = [
  [OPCODE.PUSHNUM_NEG1, 0x81],
  ...Array.from({ length: 16 }, (_, i): [number, number] => [OPCODE.PUSHNUM_1 + i, i + 1]),
];

// Our own cases: rules of ord that its envelope tests do not spell out.
const moreCases: Case[] = [
  ...pushnums.map(([code, value]) => ({
    name: `pushnum_opcodes_are_parsed_correctly 0x${code.toString(16)}`,
    witnesses: [witnessOf([FALSE, IF, ORD, FALSE, op(code), ENDIF])],
    expected: [parsed({ body: bytes(value) }, { pushnum: true })],
  })),
  {
    name: 'a script-path witness with an annex: the script is third from last',
    witnesses: [[...envelope([ORD, bytes(), b('x')]), bytes(0x50, 1)]],
    expected: [parsed({ body: b('x') })],
  },
  {
    name: 'an empty last element is no annex',
    witnesses: [[encodeScript(minimal), new Uint8Array()]],
    expected: [parsed()],
  },
  {
    name: 'OP_RESERVED (0x50) inside an envelope aborts it, the next one still counts',
    witnesses: [witnessOf([FALSE, IF, ORD, op(OPCODE.RESERVED), ENDIF, ...minimal])],
    expected: [parsed()],
  },
  {
    name: 'a push truncated after a valid envelope drops the whole input',
    witnesses: [[Uint8Array.from([...encodeScript(minimal), OPCODE.PUSHDATA2, 0x05]), bytes()]],
    expected: [],
  },
  {
    name: 'a truncated script in one input leaves the other inputs alone',
    witnesses: [[bytes(0x4c), bytes()], envelope([ORD])],
    expected: [parsed({}, { input: 1 })],
  },
  {
    name: 'non-minimal pushes (OP_PUSHDATA1 of "ord", OP_PUSHDATA2 of nothing) are ordinary pushes',
    witnesses: [[bytes(0x00, 0x63, 0x4c, 3, ...ORD, 0x4d, 0, 0, 0x01, 0x41, 0x68), bytes()]],
    expected: [parsed({ body: b('A') })],
  },
  {
    name: 'a tag with a trailing zero byte is another (unknown, odd) tag',
    witnesses: [envelope([ORD, bytes(1, 0), TEXT])],
    expected: [parsed()],
  },
  {
    name: 'an unknown multi-byte tag is even when its first byte is',
    witnesses: [envelope([ORD, bytes(2, 1), bytes(7)])],
    expected: [parsed({ unrecognizedEvenField: true })],
  },
  {
    name: 'a duplicate odd tag: first value wins, no unrecognized even field',
    witnesses: [envelope([ORD, bytes(1), b('a'), bytes(1), b('b')])],
    expected: [parsed({ contentType: b('a'), duplicateField: true })],
  },
  {
    name: 'two parents are kept, and count as a duplicate field',
    witnesses: [envelope([ORD, bytes(3), fill(32, 1), bytes(3), fill(32, 2)])],
    expected: [parsed({ parents: [fill(32, 1), fill(32, 2)], duplicateField: true })],
  },
  {
    name: 'the empty push separates the body only at an even position',
    witnesses: [envelope([ORD, bytes(ENVELOPE_TAG.metaprotocol), bytes(), bytes(), b('body')])],
    expected: [parsed({ metaprotocol: bytes(), body: b('body') })],
  },
  {
    name: 'every field, in ord writing order',
    witnesses: [
      envelope([
        ...[ORD, bytes(1), TEXT, bytes(9), b('br'), bytes(7), b('brc-20')],
        ...[bytes(3), fill(32, 3), bytes(11), fill(33, 4), bytes(2), bytes(1, 1)],
        ...[bytes(5), bytes(0xa0), bytes(13), bytes(9), bytes(17), bytes(0xa1), bytes(19), b('br')],
        ...[bytes(), b('hi')],
      ]),
    ],
    expected: [
      parsed({
        ...inscription('text/plain;charset=utf-8', 'hi'),
        contentEncoding: b('br'),
        metaprotocol: b('brc-20'),
        parents: [fill(32, 3)],
        delegate: fill(33, 4),
        pointer: bytes(1, 1),
        metadata: bytes(0xa0),
        rune: bytes(9),
        properties: bytes(0xa1),
        propertyEncoding: b('br'),
      }),
    ],
  },
  {
    name: 'after a stuttered envelope, later ones in the input keep the stutter flag (as ord)',
    witnesses: [witnessOf([FALSE, IF, FALSE, IF, ORD, ENDIF, ENDIF, ...minimal])],
    expected: [parsed({}, { stutter: true }), parsed({}, { offset: 1, stutter: true })],
  },
  {
    name: 'a failed start that is not followed by an empty push clears the stutter flag',
    witnesses: [witnessOf([FALSE, FALSE, IF, ORD, ENDIF, FALSE, op(OPCODE.CHECKSIG), ...minimal])],
    expected: [parsed({}, { stutter: true }), parsed({}, { offset: 1 })],
  },
  {
    name: 'envelope offsets count per input, stutter per envelope',
    witnesses: [witnessOf([...minimal, FALSE, ...minimal]), witnessOf(minimal)],
    expected: [parsed(), parsed({}, { offset: 1, stutter: true }), parsed({}, { input: 1 })],
  },
];

describe('parseEnvelopes (ord envelope.rs tests)', () => {
  it.each(cases)('$name', ({ witnesses, expected }) => {
    expect(parseEnvelopes(witnesses)).toEqual(expected);
  });
});

describe('parseEnvelopes (further ord rules)', () => {
  it.each(moreCases)('$name', ({ witnesses, expected }) => {
    expect(parseEnvelopes(witnesses)).toEqual(expected);
  });
});

describe('decodePointer (ord inscription.rs pointer_decode)', () => {
  it.each([
    [[0], 0n],
    [[], 0n],
    [[1, 2, 3, 4, 5, 6, 7, 8], 0x0807060504030201n],
    [[1, 2, 3, 4, 5, 6], 0x0000060504030201n],
    [[1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 0, 0], 0x0807060504030201n],
    [[1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 0, 1], undefined],
    [[1, 2, 3, 4, 5, 6, 7, 8, 1], undefined],
    [[255, 255, 255, 255, 255, 255, 255, 255], 0xffff_ffff_ffff_ffffn],
  ])('%j → %s', (value, expected) => {
    expect(decodePointer(Uint8Array.from(value))).toBe(expected);
  });
});

describe('encodePointer (ord pointer_value)', () => {
  it.each([
    [0n, []],
    [1n, [1]],
    [256n, [0, 1]],
    [0xffff_ffff_ffff_ffffn, [255, 255, 255, 255, 255, 255, 255, 255]],
  ])('%s → %j', (pointer, expected) => {
    expect([...encodePointer(pointer)]).toEqual(expected);
    expect(decodePointer(encodePointer(pointer))).toBe(pointer);
  });

  it.each([-1n, 1n << 64n])('refuses %s, which is no u64', (pointer) => {
    expect(() => encodePointer(pointer)).toThrow(RangeError);
  });
});

const FF = Array.from({ length: 32 }, () => 0xff);
const FF_ID = 'f'.repeat(64);
const SEQUENCE = Array.from({ length: 32 }, (_, i) => i);

describe('decodeInscriptionIdValue (ord inscription.rs parent and delegate tests)', () => {
  it.each([
    ['shorter than a txid', [], undefined],
    ['longer than txid and index', Array.from({ length: 37 }, () => 1), undefined],
    ['fixed-length index with trailing zeroes', [...fill(35, 1), 0], `${'01'.repeat(32)}i65793`],
    ['variable-length index with a trailing zero', [...fill(34, 1), 0], undefined],
    [
      'txid is in internal byte order',
      SEQUENCE,
      '1f1e1d1c1b1a191817161514131211100f0e0d0c0b0a09080706050403020100i0',
    ],
    ['zero-byte index', [...fill(32, 1)], `${'01'.repeat(32)}i0`],
    ['one-byte index', [...FF, 1], `${FF_ID}i1`],
    ['two-byte index', [...FF, 1, 2], `${FF_ID}i513`],
    ['three-byte index', [...FF, 1, 2, 3], `${FF_ID}i197121`],
    ['four-byte index', [...FF, 1, 2, 3, 4], `${FF_ID}i67305985`],
    ['four-byte index with a zero first byte', [...FF, 0, 2, 3, 4], `${FF_ID}i67305984`],
    ['four-byte index of all ones', [...FF, 255, 255, 255, 255], `${FF_ID}i4294967295`],
  ])('%s', (_name, value, expected) => {
    expect(decodeInscriptionIdValue(Uint8Array.from(value))).toBe(expected);
  });
});

describe('encodeInscriptionIdValue (ord InscriptionId::value)', () => {
  it.each([
    [`${FF_ID}i0`, FF],
    [`${FF_ID}i1`, [...FF, 1]],
    [`${FF_ID}i256`, [...FF, 0, 1]],
    [`${FF_ID}i4294967295`, [...FF, 255, 255, 255, 255]],
    ['1f1e1d1c1b1a191817161514131211100f0e0d0c0b0a09080706050403020100i0', SEQUENCE],
  ])('%s', (id, expected) => {
    expect([...encodeInscriptionIdValue(id)]).toEqual(expected);
    expect(decodeInscriptionIdValue(encodeInscriptionIdValue(id))).toBe(id);
  });

  it('refuses what is not an inscription id', () => {
    expect(() => encodeInscriptionIdValue('foo')).toThrow('Invalid inscription id: foo');
  });
});

describe('inscription ids (ord inscription_id.rs)', () => {
  const ONES = '1'.repeat(64);

  it.each([
    [ONES, 1, `${ONES}i1`],
    [ONES, 0, `${ONES}i0`],
    [ONES, 0xffffffff, `${ONES}i4294967295`],
  ])('display %s %i', (txid, index, expected) => {
    expect(inscriptionId(txid, index)).toBe(expected);
  });

  it.each([
    [`${ONES}i1`, { txid: ONES, index: 1 }],
    [`${ONES}i4294967295`, { txid: ONES, index: 0xffffffff }],
    [`${'AB'.repeat(32)}i7`, { txid: 'ab'.repeat(32), index: 7 }],
    ['→', undefined],
    ['foo', undefined],
    [`${'0'.repeat(64)}x0`, undefined],
    [`${'0'.repeat(64)}ifoo`, undefined],
    [`x${'0'.repeat(63)}i0`, undefined],
    [`${ONES}i4294967296`, undefined],
  ])('from_str %s', (id, expected) => {
    expect(parseInscriptionId(id)).toEqual(expected);
  });

  it.each([
    [`${ONES}i0`, true],
    [`${'aB'.repeat(32)}i12`, true],
    [`${ONES}i`, false],
    [`${ONES}i-1`, false],
    [` ${ONES}i0`, false],
    [`${'1'.repeat(63)}i0`, false],
  ])('INSCRIPTION_ID_RE %s → %s', (id, expected) => {
    expect(INSCRIPTION_ID_RE.test(id)).toBe(expected);
  });
});

describe('decodeText (ord str::from_utf8(..).ok())', () => {
  it.each([
    ['text/plain;charset=utf-8', b('text/plain;charset=utf-8'), 'text/plain;charset=utf-8'],
    ['empty', bytes(), ''],
    ['multi-byte', b('žluťoučký 🐴'), 'žluťoučký 🐴'],
    ['a BOM is kept', bytes(0xef, 0xbb, 0xbf, 0x61), '\ufeffa'],
    ['a lone continuation byte', bytes(0x80), null],
    ['an overlong encoding', bytes(0xc0, 0xaf), null],
    ['a UTF-16 surrogate', hexToBytes('eda080'), null],
    ['a truncated sequence', bytes(0xe2, 0x82), null],
  ])('%s', (_name, value, expected) => {
    expect(decodeText(value)).toBe(expected);
  });
});
