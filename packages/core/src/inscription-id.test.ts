import { describe, it, expect } from 'vitest';
import {
  InscriptionIdSchema,
  inscriptionOwnershipError,
  isValidInscriptionId,
  parseSatpoint,
  utxoFromSatpoint,
} from './inscription-id.ts';

const TXID = 'a'.repeat(64);
const ID = `${TXID}i0`;

describe('inscription id format', () => {
  it.each([
    [ID, true],
    [`${'0123456789abcdef'.repeat(4)}i123`, true],
    [`${'A'.repeat(64)}i0`, false],
    [`${'a'.repeat(63)}i0`, false],
    [`${'a'.repeat(65)}i0`, false],
    [`${TXID}i`, false],
    [`${TXID}:0`, false],
    [`${TXID}i-1`, false],
    ['', false],
  ])('%s → %s', (value, ok) => {
    expect(isValidInscriptionId(value)).toBe(ok);
  });

  it.each([
    [`${TXID}i1`, undefined],
    [` ${TXID}i1 `, undefined],
    ['abc', 'Invalid inscription ID format.'],
    [undefined, 'Invalid inscription ID format.'],
  ])('schema %j → %s', (value, message) => {
    expect(InscriptionIdSchema.safeParse(value).error?.issues[0]?.message).toBe(message);
  });
});

describe('inscriptionOwnershipError', () => {
  it.each<[string, string | undefined, string | undefined]>([
    ['bad', 'bc1qowner', 'Input a valid Inscription ID'],
    [ID, undefined, "Inscription ID is either not valid or it doesn't belongs to connected wallet"],
    [ID, 'bc1qsomeoneelse', 'Inscription does not belongs to connected wallet'],
    [ID, 'bc1qowner', undefined],
  ])('%s owned by %s → %s', (id, owner, message) => {
    expect(inscriptionOwnershipError(id, owner, ['bc1qpayment', 'bc1qowner'])).toBe(message);
  });
});

describe('satpoints', () => {
  it.each([
    [`${TXID}:0:0`, `${TXID}:0`],
    [`${TXID}:12:5000`, `${TXID}:12`],
    [`${TXID}:1`, undefined],
    ['garbage', undefined],
  ])('%s → %s', (satpoint, utxo) => {
    expect(utxoFromSatpoint(satpoint)).toBe(utxo);
  });

  it('splits the parts', () => {
    expect(parseSatpoint(`${TXID}:3:7`)).toEqual({ txid: TXID, vout: 3, offset: 7 });
  });
});
