import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '../bytes.ts';

// ADR 020: draws anyone can verify (ADR 020, commit-reveal plus a block hash).
// When a pool is made the platform publishes sha256(seed) and the draw block; entries freeze at
// the pool's end block; once the draw block is mined, winner k is drawn from
// HMAC-SHA256(seed, blockHash ‖ k ‖ attempt) over the tickets laid end to end in entry order.
// The seed, the block hash and the entries' hash are published after, and this same code, run
// in the browser, recomputes the winners. A miner who would rather not publish a block learns
// nothing without the seed; the platform fixed its seed before the block existed.

export type DrawEntry = {
  /** Who holds these tickets: the address a payout goes to. */
  address: string;
  /** Tickets (n-winners, winner-takes-all) or points (proportionate), a positive whole number. */
  tickets: bigint;
};

export type DrawInput = {
  /** 32 bytes, hex: the secret committed to at creation. */
  seedHex: string;
  /** The draw block's hash, hex as Bitcoin Core prints it. */
  blockHashHex: string;
  /** The frozen entries, in the order they were made. */
  entries: readonly DrawEntry[];
  /** How many distinct winners (1 for winner-takes-all); fewer when fewer addresses entered. */
  winners: number;
};

export type DrawResult = {
  /** Winning entries' indices, in draw order, each once. */
  winners: number[];
  /** The ticket number each winner was drawn with (0-based, over all tickets). */
  tickets: bigint[];
};

const TWO_256 = 1n << 256n;

/** What the platform publishes at creation: sha256 of the seed's bytes, hex. */
export function drawCommitment(seedHex: string): string {
  return bytesToHex(sha256(seedBytes(seedHex)));
}

/**
 * A hash of the frozen entries, published with the draw: one line per entry, `address:tickets`,
 * joined by newlines, in entry order; sha256, hex.
 */
export function entriesHash(entries: readonly DrawEntry[]): string {
  const text = entries.map((e) => `${e.address}:${e.tickets}`).join('\n');
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/**
 * The winners. Each pick is a 256-bit number from the HMAC, taken modulo the ticket count only
 * below the largest multiple of it (rejection sampling: no modulo bias); a ticket of an entry
 * that already won is drawn again, so winners are distinct entries.
 */
export function drawWinners(input: DrawInput): DrawResult {
  const key = seedBytes(input.seedHex);
  const block = hexToBytes(input.blockHashHex);
  if (block.length !== 32) throw new RangeError('blockHashHex must be 32 bytes of hex');
  const ends: bigint[] = [];
  let total = 0n;
  for (const entry of input.entries) {
    if (entry.tickets <= 0n) throw new RangeError(`${entry.address} has no tickets`);
    total += entry.tickets;
    ends.push(total);
  }
  const result: DrawResult = { winners: [], tickets: [] };
  const wanted = Math.min(input.winners, input.entries.length);
  if (total === 0n) return result;
  const limit = TWO_256 - (TWO_256 % total);
  const won = new Set<number>();
  for (let pick = 0; won.size < wanted; pick++) {
    for (let attempt = 0; ; attempt++) {
      const x = toBigInt(hmac(sha256, key, message(block, pick, attempt)));
      if (x >= limit) continue;
      const ticket = x % total;
      const index = entryOf(ends, ticket);
      if (!won.has(index)) {
        won.add(index);
        result.winners.push(index);
        result.tickets.push(ticket);
      }
      break;
    }
  }
  return result;
}

function seedBytes(seedHex: string): Uint8Array {
  const seed = hexToBytes(seedHex);
  if (seed.length !== 32) throw new RangeError('seedHex must be 32 bytes of hex');
  return seed;
}

/** blockHash ‖ uint32be(pick) ‖ uint32be(attempt). */
function message(block: Uint8Array, pick: number, attempt: number): Uint8Array {
  const out = new Uint8Array(40);
  out.set(block);
  const view = new DataView(out.buffer);
  view.setUint32(32, pick);
  view.setUint32(36, attempt);
  return out;
}

function toBigInt(bytes: Uint8Array): bigint {
  return BigInt(`0x${bytesToHex(bytes)}`);
}

/** The entry whose range [end of the previous, end) holds the ticket: a binary search. */
function entryOf(ends: readonly bigint[], ticket: bigint): number {
  let lo = 0;
  let hi = ends.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ticket < (ends[mid] as bigint)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
