import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { unspentOutputs } from '../src/chain/sources/local-queries.ts';
import { migrate } from '../src/db/migrate.ts';
import { databaseBefore, databaseKinds } from './helpers/test-app.ts';

// Migration 0039: a database whose chain_utxos marked spends on the output's row keeps every
// output, moves each spend to chain_spends, and answers the same unspent outputs afterwards.

const txid = (c: string) => c.repeat(64);

describe.each(databaseKinds())('migration 0039 on %s', (kind) => {
  it('moves spends out of chain_utxos without losing an output or a spend', async () => {
    const db = await databaseBefore(kind, '0039');
    try {
      const k = db.kysely;
      await sql`insert into chain_blocks (height, hash, previous_hash, block_time, counters)
        select h, repeat(h::text, 64), repeat((h - 1)::text, 64), now(), '{}'
        from generate_series(1, 3) h`.execute(k);
      // a:0 spent at 2 by b, a:1 unspent, b:0 spent in its own block by c, c:0 unspent.
      await sql`insert into chain_utxos (txid, vout, value, script, address, height, spent_height,
          spent_txid) values
        (${txid('a')}, 0, 5000, '\\x0014', 'bcrt1qalice', 1, 2, ${txid('b')}),
        (${txid('a')}, 1, 6000, '\\x0014', 'bcrt1qalice', 1, null, null),
        (${txid('b')}, 0, 4000, '\\x0014', 'bcrt1qbob', 2, 2, ${txid('c')}),
        (${txid('c')}, 0, 3000, '\\x0014', 'bcrt1qbob', 2, null, null)`.execute(k);

      expect(await migrate(db)).toContain('0039_chain_index_writes');

      const outputs = await sql<{ txid: string; vout: number; value: string; height: number }>`
        select txid, vout, value::text, height from chain_utxos order by txid, vout`.execute(k);
      expect(outputs.rows.map((o) => `${o.txid[0]}:${o.vout} ${o.value} @${o.height}`)).toEqual([
        'a:0 5000 @1',
        'a:1 6000 @1',
        'b:0 4000 @2',
        'c:0 3000 @2',
      ]);
      const spends = await k.selectFrom('chain_spends').selectAll().orderBy('txid').execute();
      expect(spends).toEqual([
        { txid: txid('a'), vout: 0, spent_height: 2, spent_txid: txid('b') },
        { txid: txid('b'), vout: 0, spent_height: 2, spent_txid: txid('c') },
      ]);
      const unspent = async (address: string) =>
        (await unspentOutputs(db, address)).map((u) => `${u.txid[0]}:${u.vout}`);
      expect(await unspent('bcrt1qalice')).toEqual(['a:1']);
      expect(await unspent('bcrt1qbob')).toEqual(['c:0']);
    } finally {
      await db.close();
    }
  });
});
