import { CreateMintOfferPayloadSchema, SubmitMintOfferPayloadSchema } from '@om/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  releaseLapsedReservations,
  reservationsEndAt,
  reservationsEndKey,
} from '../src/features/launchpad/mint-reservation.job.ts';
import {
  createPreparedLaunch,
  launchInfo,
  publicLaunchBody,
  signLaunch,
} from './helpers/launch.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import {
  api,
  inscribeTo,
  mineAndSync,
  newTrader,
  signAsAsked,
  type Trader,
} from './helpers/trading.ts';

// Mint reservations' ends as jobs (ADR 023): before a reservation is made, its phase has a job at
// the end of the 5-second slot its end falls in; at that time the job frees the lapsed items and
// ends their holds and promised coins. A reservation still standing is left alone (lapse is judged
// on read, the job only tidies).

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

interface JobRow {
  id: string;
  state: string;
  start_after: Date;
  singleton_key: string | null;
  data: { phaseId: string };
}

describe.each(databaseKinds())('mint reservations ended by a job on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, node, {
      PLATFORM_FEE_BPS: '0',
      WRITE_RATE_LIMIT_PER_MINUTE: '10000',
    });
    await t.sync();
  });
  afterAll(async () => {
    await t?.close();
  });

  const endJobs = async (phaseId: string) =>
    (
      await sql<JobRow>`select id::text as id, state::text as state, start_after, singleton_key, data
        from ${sql.table(`${t.deps.jobs!.schema}.job`)}
        where name = 'mint-reservation-end' and data->>'phaseId' = ${phaseId}
        order by created_on`.execute(t.db.kysely)
    ).rows;
  const reservedFor = (taker: string) =>
    t.db.kysely
      .selectFrom('orderbook')
      .select(['id', 'reserved_until'])
      .where('taker_ordinal_address', '=', taker)
      .where('status', '=', 'active')
      .execute();
  const holdOf = async (holder: string) => {
    const { rows } = await sql<{ coins: number }>`
      select (select count(*)::int from promised_coins p where p.holder = h.holder) as coins
      from reservation_holds h where h.holder = ${holder}`.execute(t.db.kysely);
    return rows[0];
  };
  const offer = async (id: string, buyer: Trader) => {
    const created = await api(
      t,
      'POST',
      '/api/launchpad/offer/create',
      {
        id,
        mintCount: 1,
        takerOrdinalAddress: buyer.ordinals.address,
        takerPaymentAddress: buyer.payment.address,
        takerPaymentPublicKey: buyer.payment.publicKey,
        feeRate: 2,
        satScan: false,
      },
      buyer.token,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return CreateMintOfferPayloadSchema.parse(created.body.payload);
  };

  it('frees the lapsed items and holds at the end, and leaves a standing reservation', async () => {
    const creator = await newTrader(t, { signInWith: 'payment' });
    const items = [];
    for (let i = 0; i < 3; i++) items.push(await inscribeTo(node, t, creator.ordinals.address));
    await node.faucet.fund(creator.payment.address, 200_000n);
    const buyers = [
      await newTrader(t, { signInWith: 'payment' }),
      await newTrader(t, { signInWith: 'payment' }),
    ] as const;
    for (const buyer of buyers) await node.faucet.fund(buyer.payment.address, 200_000n);
    await mineAndSync(node, t);
    const body = publicLaunchBody(
      creator,
      `reservation-end-${kind}`,
      items.map((i) => i.id),
      10_000n,
    );
    const id = await createPreparedLaunch(t, creator, body);
    await signLaunch(t, creator, id);
    await mineAndSync(node, t);
    const phaseId = (await launchInfo(t, id)).phases[0]?.id ?? '';
    const [lapsing, standing] = buyers;
    const holder = (buyer: Trader) => `mint:${phaseId}:${buyer.ordinals.address}`;

    // Reserved: each reservation's end has a waiting job of its phase at the end of its slot.
    const first = await offer(id, lapsing);
    const second = await offer(id, standing);
    const slots = [first, second].map((o) => reservationsEndAt(new Date(o.expiresAt)));
    for (const [i, o] of [first, second].entries()) {
      const lag = slots[i]!.getTime() - new Date(o.expiresAt).getTime();
      expect(lag).toBeGreaterThanOrEqual(0);
      expect(lag).toBeLessThan(5_000);
    }
    const waiting = await endJobs(phaseId);
    expect(waiting.map((j) => j.state)).toEqual(waiting.map(() => 'created'));
    // One per slot, whoever reserved in it.
    expect(waiting.map((j) => j.singleton_key).sort()).toEqual(
      [...new Set(slots.map((at) => reservationsEndKey(phaseId, at)))].sort(),
    );
    for (const job of waiting) {
      expect(job.data).toEqual({ phaseId });
      expect(reservationsEndKey(phaseId, new Date(job.start_after))).toBe(job.singleton_key);
    }
    for (const buyer of buyers) {
      expect(await reservedFor(buyer.ordinals.address)).toHaveLength(1);
      expect((await holdOf(holder(buyer)))?.coins).toBeGreaterThan(0);
    }

    // The first one's end comes (moved to now, rather than waiting two minutes), and the jobs run
    // now: they free it all, and leave the second one standing.
    const past = new Date(Date.now() - 1000);
    await t.db.kysely
      .updateTable('orderbook')
      .set({ reserved_until: past })
      .where('id', 'in', first.ids)
      .execute();
    await sql`update reservation_holds set expires_at = ${past}
      where holder = ${holder(lapsing)}`.execute(t.db.kysely);
    await sql`update promised_coins set expires_at = ${past}
      where holder = ${holder(lapsing)}`.execute(t.db.kysely);
    await sql`update ${sql.table(`${t.deps.jobs!.schema}.job`)} set start_after = now()
      where name = 'mint-reservation-end' and data->>'phaseId' = ${phaseId}`.execute(t.db.kysely);
    await vi.waitFor(
      async () => {
        const states = (await endJobs(phaseId)).map((j) => j.state);
        expect(states).toEqual(states.map(() => 'completed'));
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(await reservedFor(lapsing.ordinals.address)).toEqual([]);
    expect(await holdOf(holder(lapsing))).toBeUndefined();
    expect(await reservedFor(standing.ordinals.address)).toHaveLength(1);
    expect((await holdOf(holder(standing)))?.coins).toBeGreaterThan(0);
    // Run again, it finds nothing.
    expect(await releaseLapsedReservations(t.db, phaseId)).toBe(0);

    // The standing offer mints.
    const signedPsbt = signAsAsked(second.psbt, second.inputsToSign, [standing.payment]);
    const signedSetupPsbt = second.setupPsbt
      ? signAsAsked(second.setupPsbt, second.setupInputsToSign, [standing.payment])
      : undefined;
    const minted = await api(
      t,
      'POST',
      '/api/launchpad/offer/submit',
      { ids: second.ids, signedPsbt, ...(signedSetupPsbt ? { signedSetupPsbt } : {}) },
      standing.token,
    );
    expect(minted.status, JSON.stringify(minted.body)).toBe(200);
    SubmitMintOfferPayloadSchema.parse(minted.body.payload);
    expect(await holdOf(holder(standing))).toBeUndefined();
  }, 180_000);
});
