import { randomBytes } from 'node:crypto';
import { AUCTION_SLUG_TAKEN } from '@om/core';
import { describe, expect, it } from 'vitest';
import { insertAuction } from '../src/features/auctions/auctions.queries.ts';
import { createTestDb, databaseKinds } from './helpers/test-app.ts';

// A seller's double submit creates one auction twice at once: both pass the service's slug and
// open-auction checks, then insert. The second must answer a 409, not a 500 from the unique index
// of the slug or of the inscription's open auction.

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

describe.each(databaseKinds())('one auction per slug, created twice at once, on %s', (kind) => {
  it('creates one and answers the rest that it is taken', async () => {
    const db = await createTestDb(kind);
    try {
      for (let round = 0; round < 20; round++) {
        const auction = {
          slug: `race-${hex(6)}`,
          inscription_id: `${hex(32)}i0`,
          status: 'pending_signature' as const,
          utxo: `${hex(32)}:0`,
          utxo_value: 10_000n,
          start_price: 1_000n,
          start_date: new Date(1_700_000_000_000),
          end_date: new Date(1_700_086_400_000),
          maker_payment_address: 'bcrt1qmaker',
          maker_ordinal_address: 'bcrt1qmaker',
        };
        const asks = Array.from({ length: 4 }, () => insertAuction(db, auction));
        const results = await Promise.allSettled(asks);
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        const taken = [
          AUCTION_SLUG_TAKEN,
          `meta.inscription_id: inscription ${auction.inscription_id} is already on auction`,
        ];
        for (const r of results) {
          if (r.status === 'rejected') {
            expect(r.reason).toMatchObject({ code: 'CONFLICT' });
            expect(taken).toContain((r.reason as Error).message);
          }
        }
      }
    } finally {
      await db.close();
    }
  }, 60_000);
});
