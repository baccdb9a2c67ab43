import { describe, expect, it } from 'vitest';
import { brc20Candidate, isBrc20ContentType, parseSerdeJson } from './brc20-candidate.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);
const MINT = '{"p":"brc-20","op":"mint","tick":"ordi","amt":"1"}';
const candidate = (over: Partial<Parameters<typeof brc20Candidate>[0]> = {}) =>
  brc20Candidate({ contentType: 'text/plain', body: utf8(MINT), charms: [], ...over });

describe('isBrc20ContentType (db_reader server.rs 279–283)', () => {
  it.each([
    'text/plain',
    'text/plain;charset=utf-8',
    'application/json',
    'application/json;charset=utf-8',
  ])('accepts %s', (type) => expect(isBrc20ContentType(type)).toBe(true));
  it.each([
    null,
    'text/plain ;charset=utf-8',
    'Text/Plain',
    'text/html',
    'text/plainx',
    'application/json5',
    'image/png',
  ])('refuses %j', (type) => expect(isBrc20ContentType(type)).toBe(false));
});

describe('parseSerdeJson (serde_json::from_slice::<Value>)', () => {
  it('accepts strict JSON with JSON whitespace around it', () => {
    expect(parseSerdeJson(utf8(' \t\r\n{"a":"b"}\n'))).toEqual({ a: 'b' });
  });
  it('keeps the last of duplicate keys, as serde_json does', () => {
    expect(parseSerdeJson(utf8('{"amt":"1","amt":"2"}'))).toEqual({ amt: '2' });
  });
  it.each([
    ['a byte-order mark', `\uFEFF${MINT}`],
    ['a trailing comma', '{"a":"b",}'],
    ['single quotes', "{'a':'b'}"],
    ['a comment', '{"a":"b"} // c'],
    ['a lone surrogate escape', '{"a":"\\ud800"}'],
    ['a lone surrogate escape in a key', '{"\\udc00":"b"}'],
    ['a number beyond f64', '{"a":1e400}'],
    ['an integer beyond f64', `{"a":1${'0'.repeat(400)}}`],
    ['a non-breaking space as whitespace', '\u00a0{}'],
    ['nothing', ''],
  ])('refuses %s', (_, text) => expect(parseSerdeJson(utf8(text))).toBeUndefined());
  it('refuses invalid UTF-8', () => {
    expect(parseSerdeJson(new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]))).toBe(
      undefined,
    );
  });
  it('accepts a surrogate pair escape', () => {
    expect(parseSerdeJson(utf8('{"a":"\\ud83d\\ude00"}'))).toEqual({ a: '😀' });
  });
  it('accepts 127 nested containers and refuses 128 (serde_json recursion limit)', () => {
    const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);
    expect(parseSerdeJson(utf8(nested(127)))).toBeDefined();
    expect(parseSerdeJson(utf8(nested(128)))).toBeUndefined();
    expect(parseSerdeJson(utf8(`{"p":${nested(126)}}`))).toBeDefined();
    expect(parseSerdeJson(utf8(`{"p":${nested(127)}}`))).toBeUndefined();
  });
});

describe('brc20Candidate (OPI-ord is_json + db_reader is_valid_brc20)', () => {
  it('answers the parsed object for brc-20 JSON in text/plain or application/json', () => {
    expect(candidate()).toEqual(JSON.parse(MINT));
    expect(candidate({ contentType: 'application/json;charset=utf-8' })).toEqual(JSON.parse(MINT));
  });
  it.each([
    ['cursed', { charms: ['cursed'] }],
    ['vindicated (cursed before the jubilee rules)', { charms: ['vindicated'] }],
    ['unbound', { charms: ['unbound'] }],
    ['text/html', { contentType: 'text/html' }],
    ['no content type', { contentType: null }],
    ['no body', { body: null }],
    ['an array', { body: utf8(`[${MINT}]`) }],
    ['a string', { body: utf8('"brc-20"') }],
    ['p "brc20"', { body: utf8('{"p":"brc20","op":"mint"}') }],
    ['p "BRC-20"', { body: utf8('{"p":"BRC-20","op":"mint"}') }],
    ['p as a number', { body: utf8('{"p":20,"op":"mint"}') }],
    ['BRC2.0 brc20-prog', { body: utf8('{"p":"brc20-prog","op":"deploy","d":"00"}') }],
    ['BRC2.0 brc20-module', { body: utf8('{"p":"brc20-module","module":"BRC20PROG"}') }],
  ] as const)('refuses %s', (_, over) => expect(candidate(over)).toBeNull());
  it('keeps candidates with other charms (reinscription, burned, lost)', () => {
    expect(candidate({ charms: ['reinscription', 'burned', 'lost'] })).not.toBeNull();
  });
});
