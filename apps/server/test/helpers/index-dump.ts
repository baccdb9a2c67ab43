// Test only: the whole chain index as plain data, to compare two indexes of one chain, and the
// invariants every index must keep (numbers and sequences without gaps, locations = last transfer).
import { bytesToHex } from '@om/bitcoin';
import type { Db } from '../../src/db/create-db.ts';

function plain(value: unknown): unknown {
  if (value instanceof Uint8Array) return bytesToHex(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  }
  return value;
}

/** Every row of chain_blocks (but when it was indexed), chain_inscriptions, chain_transfers, chain_utxos and chain_spends. */
export async function dumpIndex(db: Db) {
  const { kysely } = db;
  const [blocks, inscriptions, transfers, utxos, spends] = await Promise.all([
    kysely
      .selectFrom('chain_blocks')
      .select(['height', 'hash', 'previous_hash', 'block_time', 'counters'])
      .orderBy('height')
      .execute(),
    kysely.selectFrom('chain_inscriptions').selectAll().orderBy('sequence').execute(),
    kysely
      .selectFrom('chain_transfers')
      .selectAll()
      .orderBy('inscription_id')
      .orderBy('height')
      .orderBy('seq')
      .execute(),
    kysely.selectFrom('chain_utxos').selectAll().orderBy('txid').orderBy('vout').execute(),
    kysely.selectFrom('chain_spends').selectAll().orderBy('txid').orderBy('vout').execute(),
  ]);
  return plain({ blocks, inscriptions, transfers, utxos, spends }) as {
    blocks: { height: number; counters: Record<string, unknown> }[];
    inscriptions: Record<string, unknown>[];
    transfers: Record<string, unknown>[];
    utxos: Record<string, unknown>[];
    spends: Record<string, unknown>[];
  };
}

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

/**
 * What must hold in any index: blessed numbers 0..n-1, cursed -1..-m and sequences 0..s-1 with no
 * gap or duplicate, the tip's counters agreeing with them, and each location its last transfer.
 * Answers the facts, to compare with `expect(...).toEqual(consistent(...))`.
 */
export async function indexInvariants(db: Db) {
  const { blocks, inscriptions, transfers } = await dumpIndex(db);
  const counters = blocks.at(-1)?.counters ?? {};
  const numbers = inscriptions.map((i) => Number(i.number));
  const last = new Map<unknown, Record<string, unknown>>();
  for (const transfer of transfers) last.set(transfer.inscription_id, transfer);
  const locationsOff = inscriptions.filter((i) => {
    const t = last.get(i.inscription_id);
    return (
      !t ||
      [i.txid, i.vout, i.sat_offset, i.location_height].join() !==
        [t.txid, t.vout, t.sat_offset, t.height].join()
    );
  });
  return {
    blessed: numbers.filter((n) => n >= 0).sort((a, b) => a - b),
    cursed: numbers.filter((n) => n < 0).sort((a, b) => b - a),
    sequences: inscriptions.map((i) => Number(i.sequence)),
    counters: {
      blessedCount: counters.blessedCount,
      cursedCount: counters.cursedCount,
      nextSequence: counters.nextSequence,
    },
    transfersAboveTip: transfers.filter((t) => Number(t.height) > (blocks.at(-1)?.height ?? -1))
      .length,
    locationsNotAtLastTransfer: locationsOff.map((i) => i.inscription_id),
  };
}

/** The invariants' expected values for an index of `blessed`, `cursed` and `total` inscriptions. */
export function consistent(blessed: number, cursed: number) {
  return {
    blessed: range(0, blessed),
    cursed: range(1, cursed).map((n) => -n),
    sequences: range(0, blessed + cursed),
    counters: { blessedCount: blessed, cursedCount: cursed, nextSequence: blessed + cursed },
    transfersAboveTip: 0,
    locationsNotAtLastTransfer: [],
  };
}
