import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.ts';
import { databaseBefore, databaseKinds } from './helpers/test-app.ts';

// Migration 0021 (ADR 016): a database of an earlier version holding edition orders of every
// status moves them onto the inscription service's engine faithfully: the state mapped, a paid
// order's commit and reveal and a refunding order's refund journalled for the claimed-transactions
// worker, the launch's count untouched, and from then on the state's trigger holding the editions.

const hex = (c: string) => c.repeat(64);

describe.each(databaseKinds())('migration 0021 on %s', (kind) => {
  it('moves edition orders of every status onto the engine', async () => {
    const db = await databaseBefore(kind, '0021');
    try {
      const k = db.kysely;
      const user = randomUUID();
      const launch = randomUUID();
      await sql`insert into users (id, address, public_key) values (${user}, 'bc1quser', '02ab')`.execute(
        k,
      );
      await sql`insert into collections (slug, name) values ('mig', 'Mig')`.execute(k);
      await sql`insert into inscriptions (inscription_id) values (${`${hex('e')}i0`})`.execute(k);
      // 20 editions: the 3 orders holding theirs (awaiting, paid, inscribed: 1 each) are out.
      await sql`insert into launchpads (id, slug, collection_id, status, launchpad_type,
          number_of_editions, remaining_editions, edition_inscription_id, maker_payment_address)
        select ${launch}, 'mig', id, 'active', 'editions', 20, 17, ${`${hex('e')}i0`}, 'bc1qmaker'
        from collections where slug = 'mig'`.execute(k);
      const statuses = [
        'awaiting_payment',
        'paid',
        'inscribed',
        'expired',
        'refund_due',
        'refunding',
        'refunded',
      ] as const;
      const ids = Object.fromEntries(statuses.map((s) => [s, randomUUID()]));
      for (const [i, status] of statuses.entries()) {
        const isRevealed = status === 'paid' || status === 'inscribed';
        const isRefund = status === 'refunding' || status === 'refunded';
        await sql`insert into edition_orders (id, launchpad_id, user_id, status, mint_count,
            taker_ordinal_address, taker_payment_address, charge_address, amount, unit_price,
            platform_fee, network_fee, fee_rate, max_fee_rate, reveal_outputs, psbt, layout,
            commit_txid, commit_vout, commit_hex, reveal_txid, reveal_hex, expires_at,
            refund_txid, refund_hex, refunding_at)
          values (${ids[status]}, ${launch}, ${user}, ${status}, 1, 'bc1ptaker', 'bc1qpayer',
            ${`bc1pcharge${i}`}, 60000, 50000, 500, 400, 2, 10, '[]', 'cHNidP8=', '[]',
            ${isRevealed ? hex('c') : null}, ${isRevealed ? 0 : null},
            ${status === 'paid' ? 'c0ffee' : null}, ${isRevealed ? hex(String(i)) : null},
            ${isRevealed ? 'beef' : null}, now() + interval '2 minutes',
            ${isRefund ? hex('f') : null}, ${isRefund ? 'f00d' : null},
            ${isRefund ? new Date() : null})`.execute(k);
      }

      // 0021 first, then whatever later migrations there are.
      expect((await migrate(db))[0]).toBe('0021_edition_orders_on_engine');

      const engine = await sql<{
        id: string;
        state: string;
        order_type: string;
        receive_address: string;
        refund_address: string;
        amount: string;
        commit_txid: string | null;
        reveal_txid: string | null;
        refund_reason: string | null;
      }>`select id, state, order_type, receive_address, refund_address, amount, commit_txid,
          reveal_txid, refund_reason from inscribe_orders`.execute(k);
      const byId = new Map(engine.rows.map((r) => [r.id, r]));
      const stateOf = (s: (typeof statuses)[number]) => byId.get(ids[s] ?? '');
      expect(Object.fromEntries(statuses.map((s) => [s, stateOf(s)?.state]))).toEqual({
        awaiting_payment: 'waiting-payment',
        paid: 'inscribing',
        inscribed: 'inscribing',
        expired: 'expired',
        refund_due: 'underpaid',
        refunding: 'refunding',
        refunded: 'refunded',
      });
      expect(stateOf('refund_due')?.refund_reason).toBe('underpaid');
      expect(stateOf('paid')).toMatchObject({
        order_type: 'edition',
        receive_address: 'bc1ptaker',
        refund_address: 'bc1qpayer',
        amount: '60000',
        commit_txid: hex('c'),
        reveal_txid: hex('1'),
      });
      const journal = await sql<{ kind: string; ref: string; hexes: string[]; status: string }>`
        select kind, ref, hexes, status from claimed_transactions order by kind`.execute(k);
      expect(journal.rows).toEqual([
        { kind: 'inscribe', ref: ids.paid, hexes: ['c0ffee', 'beef'], status: 'claimed' },
        { kind: 'inscribe-refund', ref: ids.refunding, hexes: ['f00d'], status: 'claimed' },
      ]);
      const terms = await sql<
        Record<string, unknown>
      >`select * from edition_orders limit 1`.execute(k);
      expect(Object.keys(terms.rows[0] ?? {}).sort()).toEqual(
        [
          'id',
          'launchpad_id',
          'user_id',
          'mint_count',
          'taker_ordinal_address',
          'taker_payment_address',
          'unit_price',
          'platform_fee',
          'network_fee',
          'max_fee_rate',
          'reveal_outputs',
          'psbt',
          'layout',
          'created_at',
        ].sort(),
      );
      const remaining = async () =>
        (await sql<{ n: number }>`select remaining_editions as n from launchpads`.execute(k))
          .rows[0]?.n;
      expect(await remaining()).toBe(17);
      // The trigger holds from now on: the unpaid order expiring gives its edition back, once.
      await sql`update inscribe_orders set state = 'expired' where id = ${ids.awaiting_payment}`.execute(
        k,
      );
      await sql`update inscribe_orders set state = 'expired' where id = ${ids.awaiting_payment}`.execute(
        k,
      );
      expect(await remaining()).toBe(18);
    } finally {
      await db.close();
    }
  });
});
