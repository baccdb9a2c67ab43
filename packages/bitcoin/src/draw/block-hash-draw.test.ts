import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes, utf8ToBytes } from '../bytes.ts';
import { drawCommitment, drawWinners, entriesHash, type DrawEntry } from './block-hash-draw.ts';

// The published recipe, followed by hand here (the package is pure: no Node crypto), gives the
// same commitment, entries hash and winners as the module.

const sha256Hex = (bytes: Uint8Array) => bytesToHex(sha256(bytes));

const SEED = '11'.repeat(32);
const BLOCK = '0000000000000000000320283a032748cef8227873ff4872689bf23f1cda83a5';
const entries: DrawEntry[] = [
  { address: 'bcrt1qalice', tickets: 5n },
  { address: 'bcrt1qbob', tickets: 1n },
  { address: 'bcrt1qcarol', tickets: 10n },
];

/** The recipe by hand: HMAC-SHA256(seed, blockHash ‖ u32be pick ‖ u32be attempt). */
function byHand(pick: number, attempt: number): bigint {
  const u32 = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
  const msg = Uint8Array.from([...hexToBytes(BLOCK), ...u32(pick), ...u32(attempt)]);
  return BigInt(`0x${bytesToHex(hmac(sha256, hexToBytes(SEED), msg))}`);
}

describe('a draw anyone can verify', () => {
  it('commits to sha256 of the seed and hashes the entries as address:tickets lines', () => {
    expect(drawCommitment(SEED)).toBe(sha256Hex(hexToBytes(SEED)));
    expect(entriesHash(entries)).toBe(
      sha256Hex(utf8ToBytes('bcrt1qalice:5\nbcrt1qbob:1\nbcrt1qcarol:10')),
    );
  });

  it('picks the winner the recipe gives, by ticket ranges in entry order', () => {
    const ticket = byHand(0, 0) % 16n; // 16 tickets: 2^256 is a multiple of 16, nothing rejected
    const expected = ticket < 5n ? 0 : ticket < 6n ? 1 : 2;
    expect(drawWinners({ seedHex: SEED, blockHashHex: BLOCK, entries, winners: 1 })).toEqual({
      winners: [expected],
      tickets: [ticket],
    });
  });

  it('draws distinct winners, and no more than the entries', () => {
    const all = drawWinners({ seedHex: SEED, blockHashHex: BLOCK, entries, winners: 5 });
    expect([...all.winners].sort()).toEqual([0, 1, 2]);
    const two = drawWinners({ seedHex: SEED, blockHashHex: BLOCK, entries, winners: 2 });
    expect(two.winners).toEqual(all.winners.slice(0, 2));
  });

  it('is the same for the same inputs, and changes with the block', () => {
    const input = { seedHex: SEED, blockHashHex: BLOCK, entries, winners: 2 };
    expect(drawWinners(input)).toEqual(drawWinners(input));
    const many = Array.from({ length: 200 }, (_, i) => ({
      address: `a${i}`,
      tickets: BigInt(i + 1),
    }));
    const other = 'ff'.repeat(32);
    expect(drawWinners({ ...input, entries: many, winners: 3 })).not.toEqual(
      drawWinners({ ...input, entries: many, blockHashHex: other, winners: 3 }),
    );
  });

  it('weights by tickets: over many blocks, 10 tickets win about 10 times as often as 1', () => {
    const wins = [0, 0, 0];
    for (let i = 0; i < 3_000; i++) {
      const block = sha256Hex(utf8ToBytes(String(i)));
      const [w] = drawWinners({ seedHex: SEED, blockHashHex: block, entries, winners: 1 }).winners;
      wins[w as number]! += 1;
    }
    // Expected 937.5 / 187.5 / 1875 of 3,000; a 4 % band is over 5 standard deviations.
    expect(Math.abs(wins[0]! / 3_000 - 5 / 16)).toBeLessThan(0.04);
    expect(Math.abs(wins[1]! / 3_000 - 1 / 16)).toBeLessThan(0.03);
    expect(Math.abs(wins[2]! / 3_000 - 10 / 16)).toBeLessThan(0.04);
  });

  it('refuses a seed or block hash of the wrong size, and an entry without tickets', () => {
    const base = { seedHex: SEED, blockHashHex: BLOCK, entries, winners: 1 };
    expect(() => drawWinners({ ...base, seedHex: 'ab' })).toThrow('seedHex must be 32 bytes');
    expect(() => drawWinners({ ...base, blockHashHex: 'ab' })).toThrow('blockHashHex must be 32');
    expect(() => drawWinners({ ...base, entries: [{ address: 'x', tickets: 0n }] })).toThrow(
      'x has no tickets',
    );
    expect(drawWinners({ ...base, entries: [] })).toEqual({ winners: [], tickets: [] });
  });
});
