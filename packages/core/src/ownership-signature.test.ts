import { describe, it, expect } from 'vitest';
import {
  buildOwnershipMessage,
  buildOwnershipSignature,
  ownershipSignatureError,
  parseOwnershipSignature,
} from './ownership-signature.ts';

const ID = `${'d'.repeat(64)}i0`;
const ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const SIG =
  'H9L5yLFjti0QTHhPyFrZCT1V/MMnBtXKmoiKDZ78NDBjERki6ZTQZdSMCtkgoNmp17By9ItJr8o7ChX0XxY91nk=';
const VALID = `${ID}:1714560000000:${ADDRESS}:${SIG}`;
const INVALID = 'Inscription signature is not valid';

describe('ownership signature', () => {
  it('builds the message and the field value', () => {
    const claim = { inscriptionId: ID, timestamp: 1714560000000, address: ADDRESS };
    expect(buildOwnershipMessage(claim)).toBe(`${ID}:1714560000000:${ADDRESS}`);
    expect(buildOwnershipSignature({ ...claim, signedMessage: SIG })).toBe(VALID);
    expect(parseOwnershipSignature(VALID)).toEqual({ ...claim, signedMessage: SIG });
  });

  it.each<[string, string | undefined, string | undefined]>([
    [VALID, undefined, undefined],
    [VALID, ID, undefined],
    [VALID, `${'e'.repeat(64)}i0`, INVALID],
    ['', undefined, INVALID],
    [`${ID}:abc:${ADDRESS}:${SIG}`, undefined, INVALID],
    [`${ID}:1:short:${SIG}`, undefined, INVALID],
    [`${ID}:1:${'a'.repeat(91)}:${SIG}`, undefined, INVALID],
    [`${ID}:1:${'a'.repeat(26)}:${SIG}`, undefined, undefined],
    [`${ID}:1:${ADDRESS}:not base64!`, undefined, INVALID],
    [`${ID}:1:${ADDRESS}:`, undefined, INVALID],
    [`${ID.toUpperCase()}:1:${ADDRESS}:${SIG}`, undefined, INVALID],
  ])('%s for %s → %s', (value, inscriptionId, message) => {
    expect(ownershipSignatureError(value, inscriptionId)).toBe(message);
  });
});
