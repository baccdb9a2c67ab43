import { describe, it, expect } from 'vitest';
import {
  allowListFromCsv,
  allowListToCsv,
  allowListToText,
  parseAllowList,
  type AllowListOptions,
} from './allow-list.ts';

const A = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const B = '1BoatSLRHtKNngkdXEeobR76b53LETtpyT';
const T = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';
const PER_ADDRESS: AllowListOptions = { network: 'mainnet' };
const SAME_3: AllowListOptions = { network: 'mainnet', isSameAllocation: true, allocation: 3 };

describe('parseAllowList', () => {
  it.each<[string, string, AllowListOptions, object]>([
    [
      'per-address allocations',
      `${A},2\n${B},5`,
      PER_ADDRESS,
      {
        entries: [
          { address: A, allocation: 2 },
          { address: B, allocation: 5 },
        ],
        errors: [],
        duplicatesRemoved: 0,
      },
    ],
    [
      'blank lines and spaces',
      `\n  ${A} , 2 \n\n`,
      PER_ADDRESS,
      {
        entries: [{ address: A, allocation: 2 }],
        errors: [],
        duplicatesRemoved: 0,
      },
    ],
    [
      'missing allocation',
      `${A}\n${B},`,
      PER_ADDRESS,
      {
        entries: [
          { address: A, allocation: 1 },
          { address: B, allocation: 1 },
        ],
        errors: [
          { line: 1, message: 'Missing allocation for address' },
          { line: 2, message: 'Missing allocation for address' },
        ],
        duplicatesRemoved: 0,
      },
    ],
    [
      'invalid allocation',
      `${A},abc\n${B},0\n${T.replace('tb', 'bc')},1.5`,
      PER_ADDRESS,
      {
        entries: [
          { address: A, allocation: 1 },
          { address: B, allocation: 1 },
        ],
        errors: [
          { line: 1, message: 'Invalid allocation for address' },
          { line: 2, message: 'Invalid allocation for address' },
          { line: 3, message: `Invalid BTC address: "${T.replace('tb', 'bc')}"` },
        ],
        duplicatesRemoved: 0,
      },
    ],
    [
      'address of another network',
      `${T},1`,
      PER_ADDRESS,
      {
        entries: [],
        errors: [{ line: 1, message: `Invalid BTC address: "${T}"` }],
        duplicatesRemoved: 0,
      },
    ],
    [
      'testnet address on signet',
      T,
      { network: 'signet', isSameAllocation: true },
      {
        entries: [{ address: T, allocation: 1 }],
        errors: [],
        duplicatesRemoved: 0,
      },
    ],
    [
      'same allocation ignores per-line values',
      `${A},9\n${B}`,
      SAME_3,
      {
        entries: [
          { address: A, allocation: 3 },
          { address: B, allocation: 3 },
        ],
        errors: [],
        duplicatesRemoved: 0,
      },
    ],
    [
      'same allocation that is not a number',
      A,
      { network: 'mainnet', isSameAllocation: true, allocation: 'x' },
      {
        entries: [{ address: A, allocation: 1 }],
        errors: [],
        duplicatesRemoved: 0,
      },
    ],
    [
      'duplicates keep the higher allocation',
      `${A},2\n${B},1\n${A},7\n${A.toUpperCase()},4`,
      PER_ADDRESS,
      {
        entries: [
          { address: A, allocation: 7 },
          { address: B, allocation: 1 },
        ],
        errors: [],
        duplicatesRemoved: 2,
        warning: 'Removed 2 duplicate BTC address(es).',
      },
    ],
  ])('%s', (_name, text, options, result) => {
    expect(parseAllowList(text, options)).toEqual(result);
  });
});

describe('allow list CSV', () => {
  const entries = [
    { address: A, allocation: 2 },
    { address: B, allocation: 1 },
  ];

  it('writes text and CSV', () => {
    expect(allowListToText(entries)).toBe(`${A},2\n${B},1`);
    expect(allowListToCsv(entries)).toBe(`address,allocation\n${A},2\n${B},1`);
    expect(allowListToCsv([])).toBe('address,allocation');
  });

  it.each([
    [`address,allocation\n${A},2\n${B},1`, `${A},2\n${B},1`],
    [`"${A}","2",extra\r\n${B}\r\n\r\n`, `${A},2\n${B}`],
    ['Address,Allocation\n', ''],
  ])('reads %j', (csv, text) => {
    expect(allowListFromCsv(csv)).toBe(text);
  });

  it('round-trips', () => {
    expect(parseAllowList(allowListFromCsv(allowListToCsv(entries)), PER_ADDRESS).entries).toEqual(
      entries,
    );
  });
});
