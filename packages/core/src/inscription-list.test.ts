import { describe, it, expect } from 'vitest';
import { parseInscriptionList } from './inscription-list.ts';

const A = `${'a'.repeat(64)}i0`;
const B = `${'b'.repeat(64)}i1`;
const C = `${'c'.repeat(64)}i2`;
const EMPTY = 'Empty inscription array. Please provide at least one inscription.';

describe('parseInscriptionList', () => {
  it.each<[string, string, string[], { line: number; message: string }[]]>([
    ['empty input', '   ', [], [{ line: 1, message: EMPTY }]],
    ['empty array', '[]', [], [{ line: 1, message: EMPTY }]],
    ['ids by newline', `${A}\n${B}\n\n${C}`, [A, B, C], []],
    ['ids by comma', `${A}, ${B},${C}`, [A, B, C], []],
    ['quoted ids', `"${A}",\n'${B}'`, [A, B], []],
    [
      'invalid id on line 2',
      `${A}\nnope\n${B}`,
      [A, B],
      [{ line: 2, message: 'Invalid inscription ID: nope' }],
    ],
    [
      'duplicate on line 3',
      `${A}\n${B}\n${A}`,
      [A, B],
      [{ line: 3, message: `Duplicate inscription ID: ${A}` }],
    ],
    ['only separators', ',,\n,', [], [{ line: 1, message: EMPTY }]],
    ['array of id strings', `["${A}", "${B}"]`, [A, B], []],
    [
      'array of ids, one per line, with a bad one',
      `[\n  "${A}",\n  "bad",\n  "${A}"\n]`,
      [A],
      [
        { line: 3, message: 'Invalid inscription ID: bad' },
        { line: 4, message: `Duplicate inscription ID: ${A}` },
      ],
    ],
    [
      'entries with meta',
      `[\n  {"id": "${A}", "meta": {"name": "One"}},\n  {"id": "${B}", "meta": {"name": ""}},\n  7\n]`,
      [A],
      [
        { line: 3, message: 'Name cannot be empty.' },
        { line: 4, message: 'Invalid JSON entry at index 2' },
      ],
    ],
    [
      'multi-line objects',
      `[\n  {\n    "id": "${A}",\n    "meta": {"name": "A", "high_res_img_url": "bad url"}\n  },\n  {\n    "id": "${B}"\n  }\n]`,
      [B],
      [{ line: 2, message: 'Invalid URL format.' }],
    ],
    ['repaired JSON (trailing comma, single quotes)', `['${A}', '${B}',]`, [A, B], []],
    ['repaired JSON (missing bracket)', `[{"id": "${A}"}, {"id": "${B}"}`, [A, B], []],
    ['a lone object', `{"id": "${C}", "meta": {"name": "C"}}`, [C], []],
    [
      'repaired to an entry without id',
      '[{"id": }}}]]',
      [],
      [{ line: 1, message: 'Invalid JSON entry at index 0' }],
    ],
    [
      'repaired to an empty object',
      '{',
      [],
      [{ line: 1, message: 'Invalid JSON entry at index 0' }],
    ],
    [
      'unrepairable JSON',
      '{{{',
      [],
      [{ line: 1, message: 'Invalid JSON format. Please check your input.' }],
    ],
  ])('%s', (_name, input, ids, errors) => {
    const result = parseInscriptionList(input);
    expect(result.inscriptions.map((i) => i.id)).toEqual(ids);
    expect(result.errors).toEqual(errors);
  });

  it('keeps the meta of entries', () => {
    const input = JSON.stringify([
      { id: A, meta: { name: 'A', attributes: [{ trait_type: 'Hat', value: 'Top' }] } },
    ]);
    expect(parseInscriptionList(input).inscriptions).toEqual([
      { id: A, meta: { name: 'A', attributes: [{ trait_type: 'Hat', value: 'Top' }] } },
    ]);
  });
});
