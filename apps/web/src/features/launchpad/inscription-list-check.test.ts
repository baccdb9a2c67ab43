// @vitest-environment node
import { LAUNCH_MAX_INSCRIPTIONS, parseInscriptionList } from '@om/core';
import { describe, expect, it } from 'vitest';
import {
  lineProblems,
  listText,
  notOwnedProblems,
  TOO_MANY_INSCRIPTIONS,
} from './inscription-list-check.ts';

const id = (n: number) => `${n.toString(16).padStart(64, '0')}i0`;

describe('the inscription list', () => {
  it('keeps the parser’s line errors', () => {
    expect(lineProblems(parseInscriptionList(`${id(1)}\nnope\n${id(1)}`))).toEqual([
      { line: 2, message: 'Invalid inscription ID: nope' },
      { line: 3, message: `Duplicate inscription ID: ${id(1)}` },
    ]);
  });

  it('refuses more inscriptions than a launch holds', () => {
    const ids = Array.from({ length: LAUNCH_MAX_INSCRIPTIONS + 1 }, (_, i) => id(i + 1));
    expect(lineProblems(parseInscriptionList(ids.join('\n')))).toEqual([
      { line: 1, message: TOO_MANY_INSCRIPTIONS },
    ]);
    expect(TOO_MANY_INSCRIPTIONS).toBe('A launch holds at most 10000 inscriptions');
  });

  it('names each inscription the wallet does not hold', () => {
    const entries = [{ id: id(1) }, { id: id(2) }, { id: id(3) }];
    expect(notOwnedProblems(entries, new Set([id(2)]))).toEqual([
      `Inscription does not belongs to connected wallet: ${id(1)}`,
      `Inscription does not belongs to connected wallet: ${id(3)}`,
    ]);
  });

  it('shows a saved list again as ids, or as JSON when it has meta', () => {
    expect(listText([])).toBe('');
    expect(listText([{ id: id(1) }, { id: id(2) }])).toBe(`${id(1)}\n${id(2)}`);
    const withMeta = [{ id: id(1), meta: { name: 'Rock #1' } }];
    expect(JSON.parse(listText(withMeta))).toEqual(withMeta);
  });
});
