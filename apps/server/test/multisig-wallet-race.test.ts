import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { upsertWallet } from '../src/trading/multisig.queries.ts';
import { createTestDb, databaseKinds } from './helpers/test-app.ts';

// A new maker's first launch and their wallet page ask for the maker wallet at once. Each ask
// must answer the one row: before, an upsert arbitrated by (kind, user key) alone could lose on
// the address index and answer a 500 (CI run 25: 27 of 1,800 asks on PostgreSQL).

describe.each(databaseKinds())('one wallet per key, asked for at once, on %s', (kind) => {
  it('answers every ask with the same row, and keeps the last address', async () => {
    const db = await createTestDb(kind);
    try {
      for (let round = 0; round < 100; round++) {
        const key = `02${randomBytes(32).toString('hex')}`;
        const wallet = (userAddress: string) => ({
          kind: 'maker' as const,
          userPublicKey: key,
          userAddress,
          platformPublicKey: `03${randomBytes(32).toString('hex')}`.slice(0, 66),
          witnessScript: '00',
          address: `bcrt1q${key.slice(2, 40)}`,
        });
        const asks = Array.from({ length: 6 }, () => upsertWallet(db, wallet('first')));
        const rows = await Promise.all(asks);
        expect(new Set(rows.map((r) => r.id)).size).toBe(1);
        const moved = await upsertWallet(db, wallet('second'));
        expect(moved).toMatchObject({ id: rows[0]?.id, userAddress: 'second' });
      }
    } finally {
      await db.close();
    }
  }, 60_000);
});
