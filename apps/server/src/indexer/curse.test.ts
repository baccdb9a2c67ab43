import type { Envelope, InscriptionFields } from '@om/bitcoin';
import { describe, expect, it } from 'vitest';
import { curseOf, type PriorOnSat } from './curse.ts';

const fields: InscriptionFields = {
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
};

function envelopeWith(
  change: Partial<Omit<Envelope, 'fields'>> & { fields?: Partial<InscriptionFields> },
): Envelope {
  const base = { input: 0, offset: 0, pushnum: false, stutter: false };
  return { ...base, ...change, fields: { ...fields, ...change.fields } };
}

const once = (firstIsCursedOrVindicated: boolean): PriorOnSat => ({
  count: 1,
  firstIsCursedOrVindicated,
});

// ord src/index/updater/inscription_updater.rs: the first matching curse wins.
describe('curseOf', () => {
  it.each([
    ['a clean first envelope', envelopeWith({}), undefined, null],
    [
      'all flaws: the unrecognized even field wins',
      envelopeWith({
        input: 1,
        offset: 1,
        pushnum: true,
        stutter: true,
        fields: { unrecognizedEvenField: true, duplicateField: true, incompleteField: true },
      }),
      { count: 3, firstIsCursedOrVindicated: false },
      'unrecognized-even-field',
    ],
    [
      'duplicate before incomplete',
      envelopeWith({ fields: { duplicateField: true, incompleteField: true } }),
      undefined,
      'duplicate-field',
    ],
    [
      'incomplete before position',
      envelopeWith({ input: 1, fields: { incompleteField: true } }),
      undefined,
      'incomplete-field',
    ],
    [
      'not in the first input',
      envelopeWith({ input: 2, offset: 1 }),
      undefined,
      'not-in-first-input',
    ],
    [
      'not the first envelope',
      envelopeWith({ offset: 1, pushnum: true }),
      undefined,
      'not-at-offset-zero',
    ],
    [
      'a pointer, even one that does not decode',
      envelopeWith({
        pushnum: true,
        fields: { pointer: Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 8, 9) },
      }),
      undefined,
      'pointer',
    ],
    [
      'pushnum before stutter',
      envelopeWith({ pushnum: true, stutter: true }),
      undefined,
      'pushnum',
    ],
    ['stutter before reinscription', envelopeWith({ stutter: true }), once(false), 'stutter'],
    ['reinscription of a blessed inscription', envelopeWith({}), once(false), 'reinscription'],
    ['first reinscription of a cursed or vindicated one', envelopeWith({}), once(true), null],
    [
      'second reinscription of a cursed one',
      envelopeWith({}),
      { count: 2, firstIsCursedOrVindicated: true },
      'reinscription',
    ],
  ] as const)('%s', (_name, envelope, prior, expected) => {
    expect(curseOf(envelope, prior)).toBe(expected);
  });
});
