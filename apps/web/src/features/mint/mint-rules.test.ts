import { describe, expect, it } from 'vitest';
import { maxMintCount, mintCountError, type MintLimits } from './mint-rules.ts';

const limits = (changes: Partial<MintLimits> = {}): MintLimits => ({
  allocationLeft: null,
  remaining: 100,
  phaseName: 'Whitelist Sale',
  ...changes,
});

describe('mintCountError', () => {
  it.each<[string, Partial<MintLimits>, string | undefined]>([
    ['1', {}, undefined],
    ['20', {}, undefined],
    [' 3 ', {}, undefined],
    ['', {}, 'Enter how many to mint.'],
    ['1.5', {}, 'The number to mint must be a whole number.'],
    ['-1', {}, 'The number to mint must be a whole number.'],
    ['abc', {}, 'The number to mint must be a whole number.'],
    ['0', {}, 'Mint at least 1.'],
    ['21', {}, 'At most 20 can be minted in one transaction.'],
    ['2', { allocationLeft: 2 }, undefined],
    [
      '3',
      { allocationLeft: 2 },
      'Allocation reached: this wallet may mint 2 more in Whitelist Sale',
    ],
    [
      '1',
      { allocationLeft: 0 },
      'Allocation reached: this wallet may mint no more in Whitelist Sale',
    ],
    ['5', { allocationLeft: undefined, remaining: 5 }, undefined],
    ['6', { remaining: 5 }, 'Only 5 left to mint'],
    ['1', { remaining: 0 }, 'Sold out'],
    ['20', { remaining: null }, undefined],
  ])('%j with %j → %s', (text, changes, expected) => {
    expect(mintCountError(text, limits(changes))).toBe(expected);
  });
});

describe('maxMintCount', () => {
  it.each<[Partial<MintLimits>, number]>([
    [{}, 20],
    [{ remaining: null }, 20],
    [{ allocationLeft: 2 }, 2],
    [{ allocationLeft: 5, remaining: 3 }, 3],
    [{ allocationLeft: 0 }, 0],
    [{ remaining: 0 }, 0],
  ])('%j → %i', (changes, expected) => {
    expect(maxMintCount(limits(changes))).toBe(expected);
  });
});
