import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../src/app-deps.ts';
import type {
  ChainSource,
  InscriptionLocation,
  TxStatus,
} from '../src/chain/sources/chain-source.ts';
import type { Db } from '../src/db/create-db.ts';
import { trackTrades } from '../src/features/listings/trade-tracker.ts';
import { ChainEvents } from '../src/indexer/chain-events.ts';
import {
  byteInscriptionId as inscriptionId,
  byteTxid as txid,
  insertListingRow,
} from './helpers/listing-rows.ts';
import { createTestDb, databaseKinds } from './helpers/test-app.ts';

// The trade tracker without a node (Esplora and ord): what ord says about an inscription's place
// and what Esplora says about a transaction settle listings and trades.

/** A chain source that knows only the locations and statuses it is given. */
function fakeSource(
  locations: Record<string, string>,
  statuses: Record<string, TxStatus>,
): ChainSource {
  const source: Pick<ChainSource, 'inscriptionLocation' | 'txStatus'> = {
    inscriptionLocation: async (id): Promise<InscriptionLocation | null> => {
      const satpoint = locations[id];
      return satpoint ? { inscriptionId: id, satpoint, address: null, outputValue: 10_000n } : null;
    },
    txStatus: async (id) => statuses[id] ?? null,
  };
  return source as ChainSource;
}

describe.each(databaseKinds())('the trade tracker without a node on %s', (kind) => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb(kind);
  });
  afterAll(async () => {
    await db?.close();
  });

  const listing = (byte: string, status: 'active' | 'broadcast') =>
    insertListingRow(db, byte, { status });

  async function trade(orderId: string, byte: string, purchase: string): Promise<void> {
    await db.kysely
      .insertInto('trade_history')
      .values({
        order_id: orderId,
        transaction_id: purchase,
        inscription_id: inscriptionId(byte),
        price: 10_000n,
        trade_status: 'mempool',
        maker_address: 'maker',
        taker_address: 'taker',
      })
      .execute();
  }

  const run = (source: ChainSource) =>
    trackTrades({
      db,
      chain: { source, events: new ChainEvents() },
      log: pino({ level: 'silent' }),
    } as unknown as AppDeps);

  it('closes listings ord places elsewhere, settles and snipes trades', async () => {
    const stays = await listing('a1', 'active');
    const moved = await listing('a2', 'active');
    const sold = await listing('b1', 'broadcast');
    const sniped = await listing('b2', 'broadcast');
    const pending = await listing('b3', 'broadcast');
    await trade(sold, 'b1', txid('c1'));
    await trade(sniped, 'b2', txid('c2'));
    await trade(pending, 'b3', txid('c3'));

    await run(
      fakeSource(
        {
          [inscriptionId('a1')]: `${txid('a1')}:0:0`,
          [inscriptionId('a2')]: `${txid('d2')}:0:0`,
          [inscriptionId('b1')]: `${txid('c1')}:1:0`,
          [inscriptionId('b2')]: `${txid('e2')}:0:0`,
          [inscriptionId('b3')]: `${txid('b3')}:0:0`,
        },
        {
          [txid('c1')]: { confirmed: true, blockHeight: 800_000 },
          [txid('e2')]: { confirmed: true, blockHeight: 800_001 },
          [txid('c3')]: { confirmed: false },
        },
      ),
    );

    const statuses = await db.kysely
      .selectFrom('orderbook')
      .select(['id', 'status'])
      .where('id', 'in', [stays, moved])
      .execute();
    expect(Object.fromEntries(statuses.map((r) => [r.id, r.status]))).toEqual({
      [stays]: 'active',
      [moved]: 'canceled',
    });
    const trades = await db.kysely
      .selectFrom('trade_history')
      .select(['order_id', 'trade_status', 'finalized', 'block_height', 'sniper_transaction_id'])
      .orderBy('id')
      .execute();
    expect(trades).toEqual([
      {
        order_id: sold,
        trade_status: 'confirmed',
        finalized: true,
        block_height: 800_000,
        sniper_transaction_id: null,
      },
      {
        order_id: sniped,
        trade_status: 'sniped',
        finalized: true,
        block_height: 800_001,
        sniper_transaction_id: txid('e2'),
      },
      {
        order_id: pending,
        trade_status: 'mempool',
        finalized: false,
        block_height: null,
        sniper_transaction_id: null,
      },
    ]);
  });
});
