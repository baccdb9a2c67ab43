import { CreateMintOfferPayloadSchema, SubmitMintOfferPayloadSchema } from '@om/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { releaseLapsedReservation } from '../src/features/launchpad/mint-reservation.job.ts';
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

// A mint reservation's end as a job (ADR 023): the offer's transaction schedules the job at the
// reservation's end; at that end it frees the items and ends the hold and its promised coins.
// A reservation still standing is left alone (lapse is judged on read, the job only tidies).

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
  data: { phaseId: string; takerOrdinalAddress: string };
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

  const endJobs = async (taker: string) =>
    (
      await sql<JobRow>`select id::text as id, state::text as state, start_after, singleton_key, data
        from ${sql.table(`${t.deps.jobs!.schema}.job`)}
        where name = 'mint-reservation-end' and data->>'takerOrdinalAddress' = ${taker}
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

  it('frees the items and the hold at the end, and leaves a standing reservation', async () => {
    const creator = await newTrader(t, { signInWith: 'payment' });
    const items = [];
    for (let i = 0; i < 2; i++) items.push(await inscribeTo(node, t, creator.ordinals.address));
    await node.faucet.fund(creator.payment.address, 200_000n);
    const buyer = await newTrader(t, { signInWith: 'payment' });
    await node.faucet.fund(buyer.payment.address, 200_000n);
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
    const holder = `mint:${phaseId}:${buyer.ordinals.address}`;

    // Reserved: one job, due at the reservation's end, keyed by the hold and that end.
    const first = await offer(id, buyer);
    const [job, ...others] = await endJobs(buyer.ordinals.address);
    expect(others).toEqual([]);
    expect(job).toMatchObject({
      state: 'created',
      singleton_key: `${holder}@${first.expiresAt}`,
      data: { phaseId, takerOrdinalAddress: buyer.ordinals.address },
    });
    expect(new Date(job!.start_after).toISOString()).toBe(first.expiresAt);
    expect(await reservedFor(buyer.ordinals.address)).toHaveLength(1);
    expect((await holdOf(holder))?.coins).toBeGreaterThan(0);

    // Its end comes (moved to now, rather than waiting two minutes): the job frees it all.
    const past = new Date(Date.now() - 1000);
    await t.db.kysely
      .updateTable('orderbook')
      .set({ reserved_until: past })
      .where('id', 'in', first.ids)
      .execute();
    await sql`update reservation_holds set expires_at = ${past} where holder = ${holder}`.execute(
      t.db.kysely,
    );
    await sql`update promised_coins set expires_at = ${past} where holder = ${holder}`.execute(
      t.db.kysely,
    );
    await sql`update ${sql.table(`${t.deps.jobs!.schema}.job`)} set start_after = now()
      where id = ${job!.id}::uuid`.execute(t.db.kysely);
    await vi.waitFor(
      async () => {
        expect((await endJobs(buyer.ordinals.address)).map((j) => j.state)).toEqual(['completed']);
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(await reservedFor(buyer.ordinals.address)).toEqual([]);
    expect(await holdOf(holder)).toBeUndefined();
    // Run again, it finds nothing.
    expect(
      await releaseLapsedReservation(t.db, {
        phaseId,
        takerOrdinalAddress: buyer.ordinals.address,
      }),
    ).toBe(0);

    // A new reservation has its own job; an early or repeated run leaves it standing, and its
    // offer mints.
    const second = await offer(id, buyer);
    expect((await endJobs(buyer.ordinals.address)).map((j) => j.singleton_key)).toEqual([
      `${holder}@${first.expiresAt}`,
      `${holder}@${second.expiresAt}`,
    ]);
    expect(
      await releaseLapsedReservation(t.db, {
        phaseId,
        takerOrdinalAddress: buyer.ordinals.address,
      }),
    ).toBe(0);
    expect(await reservedFor(buyer.ordinals.address)).toHaveLength(1);
    expect((await holdOf(holder))?.coins).toBeGreaterThan(0);
    const signedPsbt = signAsAsked(second.psbt, second.inputsToSign, [buyer.payment]);
    const signedSetupPsbt = second.setupPsbt
      ? signAsAsked(second.setupPsbt, second.setupInputsToSign, [buyer.payment])
      : undefined;
    const minted = await api(
      t,
      'POST',
      '/api/launchpad/offer/submit',
      { ids: second.ids, signedPsbt, ...(signedSetupPsbt ? { signedSetupPsbt } : {}) },
      buyer.token,
    );
    expect(minted.status, JSON.stringify(minted.body)).toBe(200);
    SubmitMintOfferPayloadSchema.parse(minted.body.payload);
  }, 180_000);
});
