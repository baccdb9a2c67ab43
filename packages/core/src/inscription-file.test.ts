import { describe, it, expect } from 'vitest';
import { inscriptionFileKind, parseInscriptionFile } from './inscription-file.ts';

const A = `${'a'.repeat(64)}i0`;
const B = `${'b'.repeat(64)}i1`;

describe('inscriptionFileKind', () => {
  it.each([
    ['list.json', '', 'json'],
    ['LIST.CSV', '', 'csv'],
    ['ids.txt', '', 'txt'],
    ['noext', 'application/json', 'json'],
    ['noext', 'text/plain', 'txt'],
    ['image.png', 'image/png', undefined],
  ])('%s (%s) → %s', (name, type, kind) => {
    expect(inscriptionFileKind(name, type)).toBe(kind);
  });
});

describe('parseInscriptionFile', () => {
  it.each<[string, string | undefined, object]>([
    ['a.png', 'x', { ok: false, error: 'Invalid file format. Please upload a correct file type.' }],
    ['a.json', undefined, { ok: false, error: 'File reading failed.' }],
    ['a.json', `["${A}"]`, { ok: true, text: `[\n  "${A}"\n]` }],
    ['a.json', `['${A}',]`, { ok: true, text: `[\n  "${A}"\n]` }],
    ['a.json', '[]', { ok: false, error: 'Invalid Data format.' }],
    ['a.json', '42', { ok: false, error: 'Invalid Data format.' }],
    ['a.json', '{{{', { ok: false, error: 'Invalid Data format.' }],
    ['a.csv', `id,name\n${A},One\n"${B}",Two\n`, { ok: true, text: `${A}\n${B}` }],
    ['a.csv', `${A}\r\n${B}`, { ok: true, text: `${A}\n${B}` }],
    ['a.csv', 'inscription_id\n', { ok: false, error: 'Invalid Data format.' }],
    ['a.txt', `  ${A}, ${B}  \n`, { ok: true, text: `${A}, ${B}` }],
    ['a.txt', '   ', { ok: false, error: 'Invalid Data format.' }],
  ])('%s with %j', (name, content, result) => {
    expect(parseInscriptionFile({ name }, content)).toEqual(result);
  });

  it('reports unexpected failures', () => {
    const hostile = {
      trim: () => {
        throw new Error('boom');
      },
    } as unknown as string;
    expect(parseInscriptionFile({ name: 'a.txt' }, hostile)).toEqual({
      ok: false,
      error: 'Unexpected error during parsing.',
    });
  });
});
