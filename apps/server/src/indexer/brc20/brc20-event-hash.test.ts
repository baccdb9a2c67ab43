import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  EVENT_HASH_VERSION,
  blockEventHash,
  blockEventHashOfStrings,
  brc20EventString,
  cumulativeEventHash,
  currentBalancesHash,
} from './brc20-event-hash.ts';
import type { Brc20Event } from './brc20.types.ts';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const E18 = 10n ** 18n;
const ID = 'b61b0172d95e266c18aea0c624db987e971a5d6d4ebc2aaed85da4642d635735i0';
const PK = '512037679ea62eab55ebfd442c53c4ad46b6b75e45d8a8fa9cb31a87d0df268b029a';

const ordiDeploy: Brc20Event = {
  type: 'deploy-inscribe',
  inscriptionId: ID,
  tick: 'ordi',
  originalTick: 'ordi',
  pkscript: PK,
  maxSupply: 21_000_000n * E18,
  limitPerMint: 1000n * E18,
  decimals: 18,
  selfMint: false,
  tickerDecimals: 18,
};

describe('brc20EventString (OPI types/events/*.rs get_event_str)', () => {
  it('prints the ordi deploy of the research file, whose sha256 is known', () => {
    const text = brc20EventString(ordiDeploy);
    expect(text).toBe(
      `deploy-inscribe;${ID};${PK};ordi;ordi;21000000.000000000000000000;18;1000.000000000000000000;false`,
    );
    expect(blockEventHash([ordiDeploy])).toBe(
      'ce71c7e8b4d537bcb7f6ff6b5aff4ce09c575e55e4961c107b8b9ac8f645ea6f',
    );
  });

  it('prints a deploy with its own decimals, a self-mint as true', () => {
    const e: Brc20Event = {
      ...ordiDeploy,
      tick: 'pizza',
      originalTick: 'PiZZa',
      maxSupply: 5n * E18,
      limitPerMint: E18 / 2n,
      decimals: 1,
      selfMint: true,
      tickerDecimals: 1,
    };
    expect(brc20EventString(e)).toBe(`deploy-inscribe;${ID};${PK};pizza;PiZZa;5.0;1;0.5;true`);
  });

  it('ends a mint with its parent id, or an empty field', () => {
    const mint: Brc20Event = {
      type: 'mint-inscribe',
      inscriptionId: ID,
      tick: 'ordi',
      originalTick: 'ORDI',
      pkscript: PK,
      amount: 1000n * E18,
      parentId: '',
      tickerDecimals: 0,
    };
    expect(brc20EventString(mint)).toBe(`mint-inscribe;${ID};${PK};ordi;ORDI;1000;`);
    expect(brc20EventString({ ...mint, parentId: 'abc' })).toBe(
      `mint-inscribe;${ID};${PK};ordi;ORDI;1000;abc`,
    );
  });

  it('prints transfer-inscribe and transfer-transfer, the receiver empty when sent as fee', () => {
    const base = {
      inscriptionId: ID,
      tick: 'ordi',
      originalTick: 'Ordi',
      pkscript: PK,
      amount: 15n * 10n ** 17n,
      tickerDecimals: 2,
    };
    expect(brc20EventString({ ...base, type: 'transfer-inscribe' })).toBe(
      `transfer-inscribe;${ID};${PK};ordi;Ordi;1.50`,
    );
    expect(brc20EventString({ ...base, type: 'transfer-transfer', spentPkscript: '6a' })).toBe(
      `transfer-transfer;${ID};${PK};6a;ordi;Ordi;1.50`,
    );
    expect(brc20EventString({ ...base, type: 'transfer-transfer', spentPkscript: '' })).toBe(
      `transfer-transfer;${ID};${PK};;ordi;Ordi;1.50`,
    );
  });
});

describe('block and cumulative hashes (brc20_database.rs set_block_hashes)', () => {
  it('hashes an empty block as the empty string', () => {
    expect(blockEventHash([])).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });

  it('joins the strings with | and no trailing separator', () => {
    expect(blockEventHashOfStrings(['a;b', 'c;'])).toBe(sha('a;b|c;'));
  });

  it('starts the chain with the first block hash, then hashes the two hex strings', () => {
    const h1 = sha('x');
    const h2 = sha('y');
    expect(cumulativeEventHash(null, h1)).toBe(h1);
    expect(cumulativeEventHash(h1, h2)).toBe(sha(h1 + h2));
  });

  it('is version 3', () => expect(EVENT_HASH_VERSION).toBe(3));
});

describe('currentBalancesHash (brc20_api api.js get_hash_of_all_current_balances)', () => {
  it('sorts by pkscript then tick, skips zero overall rows, prints the scaled integers', () => {
    const rows = [
      { pkscript: '0014bb', tick: 'ordi', overall: 5n * E18, available: 2n * E18 },
      { pkscript: '0014aa', tick: 'sats', overall: 1n, available: 0n },
      { pkscript: '0014aa', tick: 'ordi', overall: 0n, available: 0n },
      { pkscript: '0014aa', tick: 'abcd', overall: 7n, available: 7n },
    ];
    expect(currentBalancesHash(rows)).toBe(
      sha('0014aa;abcd;7;7|0014aa;sats;1;0|0014bb;ordi;5000000000000000000;2000000000000000000'),
    );
  });

  it('hashes no balances as the empty string', () => {
    expect(currentBalancesHash([])).toBe(sha(''));
  });
});
