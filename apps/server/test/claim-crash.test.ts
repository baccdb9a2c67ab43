import { randomBytes } from 'node:crypto';
import { bytesToHex } from '@om/bitcoin';
import {
  CreateAuctionPayloadSchema,
  CreateMintOfferPayloadSchema,
  LaunchpadInfoSchema,
  LaunchPsbtPayloadSchema,
} from '@om/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auctionBody,
  auctionSeller,
  fundCoins,
  multisigOf,
  placeBid,
  signAuction,
} from './helpers/auctions.ts';
import {
  isKnown as isKnownOn,
  send,
  startCrashNode,
  storeFor,
  untilWithBlocks as untilWithBlocksOn,
  type CrashNode,
  type Store,
} from './helpers/crash-harness.ts';
import { spawnServer } from './helpers/server-child.ts';
import { databaseKinds, startTestApp } from './helpers/test-app.ts';
import {
  api,
  eventually,
  inscribeTo,
  listViaApi,
  mineAndSync,
  newTrader,
  newWallet,
  sign,
  signAsAsked,
} from './helpers/trading.ts';

// product.md#trust-findings finding 5: a claim is committed, then the server is SIGKILLed before
// its transaction leaves the process (the crash preload kills it at its first sendrawtransaction).
// Restarted on the same database and the same node, the server finds the journalled transaction
// and broadcasts it. The server is a real child process; the node is this file's own, so killing
// the server leaves it. Each test spawns the server twice and indexes the chain each time: minutes
// on a busy machine.

const PRICE = 50_000n;
const platform = newWallet('p2tr');
const ENV = {
  PLATFORM_FEE_ADDRESS: platform.address,
  PLATFORM_FEE_BPS: '100',
  // The platform's multisig key, the same in the test process and the spawned server.
  COSIGNER_SECRET: bytesToHex(randomBytes(32)),
  // The sign-in secret, so that the spawned server accepts tokens of the in-process app.
  JWT_SECRET: bytesToHex(randomBytes(32)),
  WRITE_RATE_LIMIT_PER_MINUTE: '10000',
};

let node: CrashNode;
beforeAll(async () => {
  node = await startCrashNode();
});
afterAll(async () => {
  await node?.stop();
});

const isKnown = (txid: string) => isKnownOn(node, txid);
const untilWithBlocks = (check: () => Promise<boolean>) => untilWithBlocksOn(node, check);

/**
 * The server restarted on the same database and node after a kill: waits until it has broadcast
 * `txid` again and mines it; with `owner`, waits until the server's index puts the inscription
 * at that address.
 */
async function restartUntilBroadcast(
  env: Record<string, string>,
  txid: string,
  owner?: { inscriptionId: string; address: string },
): Promise<void> {
  const server = await spawnServer(env);
  try {
    await untilWithBlocks(() => isKnown(txid));
    await node.faucet.mine(1);
    if (!owner) return;
    await untilWithBlocks(async () => {
      const url = `${server.baseUrl}/api/shared/inscriptions/details/${owner.inscriptionId}`;
      const body = (await (await fetch(url)).json()) as { payload?: { address?: string } };
      return body.payload?.address === owner.address;
    });
  } finally {
    await server.stop();
  }
}

describe.each(databaseKinds())('claimed transactions survive a crash on %s', (kind) => {
  let store: Store;
  let env: Record<string, string>;
  beforeAll(() => {
    store = storeFor(kind, node, ENV, 'crash');
    env = { ...ENV, DATA_DIR: store.env.DATA_DIR ?? '' };
  });
  afterAll(async () => {
    await store?.drop();
  });

  it('a purchase claimed by a server killed before the broadcast is broadcast after the restart, and settles', async () => {
    // Set up in-process on the store: a listing, and a buyer's signed offer.
    let t = await startTestApp(kind, node, env, await store.open());
    await t.sync();
    const maker = await newTrader(t);
    const item = await inscribeTo(node, t, maker.ordinals.address);
    const [listingId = ''] = await listViaApi(t, maker, [
      { outpoint: item.outpoint, price: PRICE },
    ]);
    const taker = await newTrader(t);
    for (let i = 0; i < 3; i++) await node.faucet.fund(taker.payment.address, 600n);
    await node.faucet.fund(taker.payment.address, 500_000n);
    await mineAndSync(node, t);
    const offer = await api(t, 'POST', '/api/listings/legacy/createOffer', {
      ids: [listingId],
      takerPaymentAddress: taker.payment.address,
      takerPaymentPublicKey: taker.payment.publicKey,
      takerOrdinalAddress: taker.ordinals.address,
      feeRate: 2,
      satScan: false,
    });
    expect(offer.status, JSON.stringify(offer.body)).toBe(200);
    await t.close();
    const { psbt, inputsToSign } = offer.body.payload as {
      psbt: string;
      inputsToSign: { index: number }[];
    };
    const submit = {
      ids: [listingId],
      signedPSBTBase64: sign(
        psbt,
        taker.payment,
        inputsToSign.map((i) => i.index),
      ),
      takerPaymentAddress: taker.payment.address,
      takerOrdinalAddress: taker.ordinals.address,
    };

    // The server claims the listing and dies before the broadcast.
    const crashing = await spawnServer({ ...store.env, CRASH_ON_BROADCAST: '1' });
    expect(await send('PUT', crashing.baseUrl, '/api/listings/legacy/submitOffer', submit)).toBe(
      'killed',
    );
    expect(await crashing.exited).toBe('SIGKILL');
    let db = await store.open();
    const claimed = await db.kysely
      .selectFrom('orderbook')
      .select(['status', 'transaction_id'])
      .where('id', '=', listingId)
      .executeTakeFirstOrThrow();
    const txid = claimed.transaction_id ?? '';
    expect(claimed.status).toBe('broadcast');
    expect(
      await db.kysely
        .selectFrom('claimed_transactions')
        .select(['kind', 'status', 'txids'])
        .execute(),
    ).toEqual([{ kind: 'purchase', status: 'claimed', txids: [txid] }]);
    await db.close();
    expect(await isKnown(txid)).toBe(false);

    // Restarted on the same database and node, the server broadcasts it; a block settles it.
    await restartUntilBroadcast(store.env, txid, {
      inscriptionId: item.id,
      address: taker.ordinals.address,
    });

    t = await startTestApp(kind, node, env, await store.open());
    db = t.db;
    await t.sync();
    await eventually(async () => {
      expect(
        await db.kysely
          .selectFrom('trade_history')
          .select(['trade_status', 'transaction_id'])
          .where('order_id', '=', listingId)
          .execute(),
      ).toEqual([{ trade_status: 'confirmed', transaction_id: txid }]);
      expect(
        await db.kysely.selectFrom('claimed_transactions').select(['status']).execute(),
      ).toEqual([{ status: 'final' }]);
    });
    expect(
      await db.kysely
        .selectFrom('purchase_offers')
        .select('transaction_id')
        .where('transaction_id', '=', txid)
        .execute(),
    ).toHaveLength(1);
    await t.close();
  }, 300_000);

  it('a multisig withdrawal claimed by a server killed before the broadcast is broadcast after the restart', async () => {
    const t = await startTestApp(kind, node, env, await store.open());
    await t.sync();
    const user = newWallet('p2wpkh');
    const wallet = await api(t, 'POST', '/api/multisig/get-wallet', {
      userPublicKey: user.publicKey,
      userAddress: user.address,
    });
    expect(wallet.status, JSON.stringify(wallet.body)).toBe(200);
    await node.faucet.fund(wallet.body.payload.address as string, 60_000n);
    await mineAndSync(node, t);
    const recipient = newWallet('p2tr');
    const built = await api(t, 'POST', '/api/multisig/withdrawal', {
      userPublicKey: user.publicKey,
      recipientAddress: recipient.address,
      amountSats: 45_000,
      feeRate: 2,
    });
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    await t.close();
    const { psbt, inputsToSign } = built.body.payload as {
      psbt: string;
      inputsToSign: { index: number }[];
    };
    const confirm = {
      userPublicKey: user.publicKey,
      userSignedPsbtBase64: sign(
        psbt,
        user,
        inputsToSign.map((i) => i.index),
      ),
    };

    const crashing = await spawnServer({ ...store.env, CRASH_ON_BROADCAST: '1' });
    expect(await send('POST', crashing.baseUrl, '/api/multisig/withdrawal/confirm', confirm)).toBe(
      'killed',
    );
    expect(await crashing.exited).toBe('SIGKILL');
    let db = await store.open();
    const claim = await db.kysely
      .selectFrom('claimed_transactions')
      .select(['status', 'txids', 'ref'])
      .where('kind', '=', 'multisig')
      .executeTakeFirstOrThrow();
    const txid = claim.txids[0] ?? '';
    expect(claim.status).toBe('claimed');
    expect(
      await db.kysely
        .selectFrom('multisig_transactions')
        .select('transaction_id')
        .where('txid', '=', claim.ref)
        .executeTakeFirstOrThrow(),
    ).toEqual({ transaction_id: txid });
    await db.close();
    expect(await isKnown(txid)).toBe(false);

    await restartUntilBroadcast(store.env, txid);
    const tx = await node.node.rpc.getRawTransactionVerbose(txid);
    expect(
      tx.vout.filter((o) => o.scriptPubKey.address === recipient.address).map((o) => o.value),
    ).toEqual([0.00045]);
    db = await store.open();
    expect(
      await db.kysely
        .selectFrom('claimed_transactions')
        .select('status')
        .where('kind', '=', 'multisig')
        .execute(),
    ).toEqual([{ status: expect.stringMatching(/^(sent|final)$/) }]);
    await db.close();
  }, 240_000);

  it("a launch mint claimed by a server killed before the broadcast is broadcast after the restart, and the item is the minter's", async () => {
    let t = await startTestApp(kind, node, env, await store.open());
    await t.sync();
    const creator = await newTrader(t, { signInWith: 'payment' });
    const item = await inscribeTo(node, t, creator.ordinals.address);
    await node.faucet.fund(creator.payment.address, 200_000n);
    const minter = await newTrader(t);
    await node.faucet.fund(minter.payment.address, 500_000n);
    await mineAndSync(node, t);
    const now = Math.floor(Date.now() / 1000);
    const slug = `crash-${kind}`;
    const created = await api(
      t,
      'POST',
      '/api/launchpad/create',
      {
        slug,
        makerPaymentAddress: creator.payment.address,
        makerPaymentPublicKey: creator.payment.publicKey,
        makerOrdinalAddress: creator.ordinals.address,
        makerOrdinalPublicKey: creator.ordinals.publicKey,
        meta: {
          name: `Launch ${slug}`,
          slug,
          description: 'One pre-inscribed item for the crash test',
          website_link: '',
          twitter_link: '',
          discord_link: '',
          telegram_link: '',
          instagram_link: '',
          creator_name: 'Creator',
          creator_email: 'creator@example.com',
          creator_btc_address: creator.payment.address,
          icon: `/content/${item.id}`,
        },
        data: [{ id: item.id, meta: { name: 'Item 1', attributes: [] } }],
        phases: [
          {
            name: 'Public Sale',
            price: PRICE.toString(),
            startDate: now - 60,
            endDate: now + 3600,
            isPublic: true,
          },
        ],
        feeRate: 2,
      },
      creator.token,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const launchId = created.body.payload.launchpadId as string;
    const info = async () =>
      LaunchpadInfoSchema.parse(
        (await api(t, 'GET', `/api/launchpad/info/${launchId}`)).body.payload,
      );
    await eventually(async () => {
      expect((await info()).status).toBe('pending_psbt_signature');
    });
    for (const phase of (await info()).phases) {
      for (const batch of phase.psbts) {
        const got = await api(t, 'GET', `/api/launchpad/get-psbt/${batch.id}`);
        const { psbt, inputsToSign } = LaunchPsbtPayloadSchema.parse(got.body.payload);
        const signedPsbt = signAsAsked(psbt, inputsToSign, [creator.ordinals, creator.payment]);
        const done = await api(t, 'PUT', `/api/launchpad/confirm/${batch.id}`, { signedPsbt });
        expect(done.status, JSON.stringify(done.body)).toBe(200);
      }
    }
    await mineAndSync(node, t);
    expect((await info()).status).toBe('active');
    const offered = await api(
      t,
      'POST',
      '/api/launchpad/offer/create',
      {
        id: launchId,
        mintCount: 1,
        takerOrdinalAddress: minter.ordinals.address,
        takerPaymentAddress: minter.payment.address,
        takerPaymentPublicKey: minter.payment.publicKey,
        feeRate: 2,
        satScan: false,
      },
      minter.token,
    );
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    await t.close();
    const offer = CreateMintOfferPayloadSchema.parse(offered.body.payload);
    const submit = {
      ids: offer.ids,
      signedPsbt: signAsAsked(offer.psbt, offer.inputsToSign, [minter.payment]),
      ...(offer.setupPsbt
        ? {
            signedSetupPsbt: signAsAsked(offer.setupPsbt, offer.setupInputsToSign, [
              minter.payment,
            ]),
          }
        : {}),
    };

    const crashing = await spawnServer({ ...store.env, CRASH_ON_BROADCAST: '1' });
    expect(
      await send('POST', crashing.baseUrl, '/api/launchpad/offer/submit', submit, minter.token),
    ).toBe('killed');
    expect(await crashing.exited).toBe('SIGKILL');
    let db = await store.open();
    const claim = await db.kysely
      .selectFrom('claimed_transactions')
      .select(['status', 'txids'])
      .where('kind', '=', 'purchase')
      .where('status', '=', 'claimed')
      .executeTakeFirstOrThrow();
    const txid = claim.txids.at(-1) ?? '';
    expect(
      await db.kysely
        .selectFrom('orderbook')
        .select(['status', 'transaction_id'])
        .where('id', 'in', offer.ids)
        .execute(),
    ).toEqual([{ status: 'broadcast', transaction_id: txid }]);
    await db.close();
    expect(await isKnown(txid)).toBe(false);

    await restartUntilBroadcast(store.env, txid, {
      inscriptionId: item.id,
      address: minter.ordinals.address,
    });

    t = await startTestApp(kind, node, env, await store.open());
    db = t.db;
    await t.sync();
    await eventually(async () => {
      expect(
        await db.kysely
          .selectFrom('trade_history')
          .select(['trade_status', 'transaction_id'])
          .where('order_id', 'in', offer.ids)
          .execute(),
      ).toEqual([{ trade_status: 'confirmed', transaction_id: txid }]);
      const claims = await db.kysely
        .selectFrom('claimed_transactions')
        .select(['status', 'txids'])
        .execute();
      expect(claims.filter((c) => c.txids.includes(txid)).map((c) => c.status)).toEqual(['final']);
    });
    await t.close();
  }, 300_000);

  it('an auction deposit and then its settlement, each claimed by a server killed before the broadcast, are broadcast after a restart', async () => {
    let t = await startTestApp(kind, node, env, await store.open());
    await t.sync();
    const { trader: seller, item } = await auctionSeller(node, t);
    const slug = `crash-auction-${kind}`;
    const res = await api(
      t,
      'POST',
      '/api/launchpad/auctions/create',
      auctionBody(seller, item, { slug, startPrice: 20_000n }),
      seller.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const confirm = signAuction(seller, CreateAuctionPayloadSchema.parse(res.body.payload));
    await t.close();

    // The deposit: claimed (the auction active, its deposit journalled), then the kill.
    let crashing = await spawnServer({ ...store.env, CRASH_ON_BROADCAST: '1' });
    expect(await send('PUT', crashing.baseUrl, '/api/launchpad/auctions/confirm', confirm)).toBe(
      'killed',
    );
    expect(await crashing.exited).toBe('SIGKILL');
    const auctionRow = async () => {
      const db = await store.open();
      try {
        return await db.kysely
          .selectFrom('auctions')
          .select(['id', 'status', 'deposit_txid', 'settlement_txid'])
          .where('slug', '=', slug)
          .executeTakeFirstOrThrow();
      } finally {
        await db.close();
      }
    };
    const claimOf = async (claimKind: 'auction-deposit' | 'auction-settle') => {
      const db = await store.open();
      try {
        return await db.kysely
          .selectFrom('claimed_transactions')
          .select(['status', 'txids'])
          .where('kind', '=', claimKind)
          .execute();
      } finally {
        await db.close();
      }
    };
    const deposit = await auctionRow();
    const depositTxid = deposit.deposit_txid ?? '';
    expect(deposit.status).toBe('active');
    expect(await claimOf('auction-deposit')).toEqual([{ status: 'claimed', txids: [depositTxid] }]);
    expect(await isKnown(depositTxid)).toBe(false);

    await restartUntilBroadcast(store.env, depositTxid);
    const mined = await node.node.rpc.getRawTransactionVerbose(depositTxid);
    expect(mined.confirmations).toBeGreaterThanOrEqual(1);

    // A bid, then the auction ended: the settlement is claimed, then the kill.
    t = await startTestApp(kind, node, env, await store.open());
    await t.sync();
    const bidder = await newTrader(t);
    const wallet = await multisigOf(t, bidder.payment);
    await fundCoins(node, wallet.address, [100_000n, 1_000n, 1_000n]);
    await mineAndSync(node, t);
    await placeBid(t, slug, bidder, 20_000n);
    await t.close();
    crashing = await spawnServer({ ...store.env, CRASH_ON_BROADCAST: '1' });
    // The settlement worker may settle before the answer leaves, or on its next round.
    expect([200, 'killed']).toContain(
      await send('POST', crashing.baseUrl, `/api/dev/auctions/${slug}/end`, {}),
    );
    let signal: NodeJS.Signals | null | undefined;
    void crashing.exited.then((s) => (signal = s));
    await untilWithBlocks(async () => signal !== undefined);
    expect(signal).toBe('SIGKILL');
    const [settleClaim] = await claimOf('auction-settle');
    const settlementTxid = settleClaim?.txids[0] ?? '';
    expect(settleClaim?.status).toBe('claimed');
    expect(await isKnown(settlementTxid)).toBe(false);

    await restartUntilBroadcast(store.env, settlementTxid, {
      inscriptionId: item.id,
      address: bidder.ordinals.address,
    });
    t = await startTestApp(kind, node, env, await store.open());
    await t.sync();
    await eventually(async () => {
      expect(await auctionRow()).toMatchObject({
        status: 'settled',
        settlement_txid: settlementTxid,
      });
    });
    await t.close();
    expect((await claimOf('auction-settle')).map((c) => c.status)).toEqual([
      expect.stringMatching(/^(sent|final)$/),
    ]);
  }, 400_000);
});
