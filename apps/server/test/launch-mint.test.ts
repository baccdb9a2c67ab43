import { sql } from 'kysely';
import {
  buildRecoveryPsbt,
  bytesToHex,
  finalizeRecovery,
  hexToBytes,
  multisigWallet,
  scriptOfAddress,
  signBip322Simple,
  signPsbtWithKey,
} from '@om/bitcoin';
import {
  AllocationSchema,
  BuiltPsbtPayloadSchema,
  COINS_PROMISED,
  CreateMintOfferPayloadSchema,
  launchHoldsInscription,
  LaunchPsbtPayloadSchema,
  MINT_SIGN_IN_REQUIRED,
  mintProofMessage,
  MultisigWalletSchema,
  PublicLaunchpadSchema,
  SubmitMintOfferPayloadSchema,
  tooManyReservationsOfClient,
  tooManyReservationsOfWallet,
  type CreateMintOfferPayload,
} from '@om/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { btcToSats } from '../src/chain/rpc.ts';
import { createPreparedLaunch, launchInfo, signLaunch } from './helpers/launch.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { SCRIPT_FAILURE, snipeAttempt } from './helpers/snipe.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import {
  api,
  eventually,
  inMempool,
  inscribeTo,
  listViaApi,
  mineAndSync,
  newTrader,
  newWallet,
  paidTo,
  refreshMempool,
  signAsAsked,
  type Trader,
} from './helpers/trading.ts';

// ADR 010, the pre-inscribed launch through the API on Bitcoin Core 30 (ADR 010): a creator
// launches 4 inscriptions with a whitelist phase (allocation 2) and a public phase; the worker
// prepares the deposit into the maker wallet and each phase's listing batches; the creator signs
// every batch and the launch turns active. An allow-listed buyer mints 2 and a third is refused; a
// buyer off the list is refused in the whitelist phase and mints the rest in the public phase;
// then the launch is sold out.

const WL_PRICE = 20_000n;
const PUBLIC_PRICE = 30_000n;
const FEE_RATE = 2;

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

describe.each(databaseKinds())('a pre-inscribed launch on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, node, {
      PLATFORM_FEE_BPS: '0',
      WRITE_RATE_LIMIT_PER_MINUTE: '10000',
      MAX_OPEN_RESERVATIONS_PER_WALLET: '3',
      MAX_OPEN_RESERVATIONS_PER_CLIENT: '3',
    });
    await t.sync();
  });
  afterAll(async () => {
    await t?.close();
  });

  const now = () => Math.floor(Date.now() / 1000);

  function launchBody(
    creator: Trader,
    slug: string,
    ids: readonly string[],
    allowed: string | { address: string; allocation: number }[],
  ) {
    return {
      slug,
      makerPaymentAddress: creator.payment.address,
      makerPaymentPublicKey: creator.payment.publicKey,
      makerOrdinalAddress: creator.ordinals.address,
      makerOrdinalPublicKey: creator.ordinals.publicKey,
      meta: {
        name: `Launch ${slug}`,
        slug,
        description: 'Four pre-inscribed test items for the launch test',
        website_link: '',
        twitter_link: '',
        discord_link: '',
        telegram_link: '',
        instagram_link: '',
        creator_name: 'Creator',
        creator_email: 'creator@example.com',
        creator_btc_address: creator.payment.address,
        icon: `/content/${ids[0]}`,
      },
      data: ids.map((id, i) => ({
        id,
        meta: {
          name: `Item ${i + 1}`,
          attributes: [{ trait_type: 'Tier', value: i % 2 ? 'B' : 'A' }],
        },
      })),
      phases: [
        {
          name: 'Whitelist Sale',
          price: WL_PRICE.toString(),
          startDate: now() - 60,
          endDate: now() + 3600,
          isPublic: false,
          allowList: typeof allowed === 'string' ? [{ address: allowed, allocation: 2 }] : allowed,
        },
        {
          name: 'Public Sale',
          price: PUBLIC_PRICE.toString(),
          startDate: now() + 3600,
          endDate: now() + 7200,
          isPublic: true,
        },
      ],
      feeRate: FEE_RATE,
    };
  }

  async function mint(id: string, buyer: Trader, mintCount: number, extra: object = {}) {
    const created = await api(
      t,
      'POST',
      '/api/launchpad/offer/create',
      {
        id,
        mintCount,
        takerOrdinalAddress: buyer.ordinals.address,
        takerPaymentAddress: buyer.payment.address,
        takerPaymentPublicKey: buyer.payment.publicKey,
        feeRate: FEE_RATE,
        satScan: false,
        ...extra,
      },
      buyer.token,
    );
    if (created.status !== 200) return created;
    const offer = CreateMintOfferPayloadSchema.parse(created.body.payload);
    return submitMint(offer, buyer);
  }

  async function submitMint(offer: CreateMintOfferPayload, buyer: Trader, token = buyer.token) {
    const signedPsbt = signAsAsked(offer.psbt, offer.inputsToSign, [buyer.payment]);
    const signedSetupPsbt = offer.setupPsbt
      ? signAsAsked(offer.setupPsbt, offer.setupInputsToSign, [buyer.payment])
      : undefined;
    const body = { ids: offer.ids, signedPsbt, ...(signedSetupPsbt ? { signedSetupPsbt } : {}) };
    return api(t, 'POST', '/api/launchpad/offer/submit', body, token);
  }

  async function ownerOf(inscriptionId: string): Promise<string | null> {
    const res = await api(t, 'GET', `/api/shared/inscriptions/details/${inscriptionId}`);
    return (res.body.payload?.address as string | undefined) ?? null;
  }

  it('launches, mints within the phases and allocations, and sells out', async () => {
    const creator = await newTrader(t, { signInWith: 'payment' });
    const items = [];
    for (let i = 0; i < 4; i++) items.push(await inscribeTo(node, t, creator.ordinals.address));
    await node.faucet.fund(creator.payment.address, 200_000n);
    const listed = await newTrader(t);
    const stranger = await newTrader(t);
    for (const buyer of [listed, stranger]) {
      await node.faucet.fund(buyer.payment.address, 500_000n);
    }
    const sniper = newWallet('p2wpkh');
    for (const value of [600n, 600n, 500_000n]) await node.faucet.fund(sniper.address, value);
    await mineAndSync(node, t);

    const slug = `launch-${kind}`;
    const body = launchBody(
      creator,
      slug,
      items.map((i) => i.id),
      listed.ordinals.address,
    );
    // Sales pay the "Creator BTC address", not the wallet that signs (product.md#spec-gaps
    // defects).
    const payout = newWallet('p2tr');
    body.meta.creator_btc_address = payout.address;
    const created = await api(t, 'POST', '/api/launchpad/create', body, creator.token);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.payload.launchpadId as string;
    const again = await api(t, 'POST', '/api/launchpad/create', body, creator.token);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Launchpad slug is already taken.');

    await eventually(async () => {
      expect((await launchInfo(t, id)).status).toBe('pending_psbt_signature');
    });
    const prepared = await launchInfo(t, id);
    expect(prepared.total_inscriptions).toBe(4);
    const [wl, pub] = prepared.phases;
    expect(wl?.psbts.map((b) => [b.kind, b.inscription_count])).toEqual([
      ['deposit', 4],
      ['listing', 4],
    ]);
    expect(pub?.psbts.map((b) => [b.kind, b.inscription_count])).toEqual([['listing', 4]]);
    // The mint page does not show a launch still being signed.
    expect((await api(t, 'GET', `/api/launchpad/by-slug/${slug}`)).status).toBe(404);

    // A listing batch sent back unsigned, or a deposit's PSBT sent for it, is refused.
    const firstListing = wl?.psbts[1]?.id ?? '';
    const got = await api(t, 'GET', `/api/launchpad/get-psbt/${firstListing}`);
    const listing = LaunchPsbtPayloadSchema.parse(got.body.payload);
    for (const signedPsbt of [listing.psbt]) {
      const refused = await api(t, 'PUT', `/api/launchpad/confirm/${firstListing}`, { signedPsbt });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].path).toBe('signedPsbt');
    }
    const bad = await api(t, 'PUT', `/api/launchpad/confirm/${firstListing}`, {
      signedPsbt: 'AAAA',
    });
    expect(bad.status).toBe(400);

    const [depositTxid] = await signLaunch(t, creator, id);
    expect(depositTxid && (await inMempool(node, depositTxid))).toBe(true);
    const active = await launchInfo(t, id);
    expect(active.status).toBe('active');
    expect(active.phases.map((p) => p.status)).toEqual(['active', 'active']);
    // The orderbook was analyzed with the live launch's rows in it (PGlite never does by itself).
    const analyzed = await sql<{ reltuples: number; n: number }>`
      select c.reltuples::int as reltuples, (select count(*)::int from orderbook) as n
      from pg_class c where c.oid = 'orderbook'::regclass`.execute(t.db.kysely);
    expect(analyzed.rows[0]?.n).toBeGreaterThan(0);
    expect(analyzed.rows[0]?.reltuples).toBe(analyzed.rows[0]?.n);
    // Live, but its items are moving into the maker wallet until the deposit confirms
    // (product.md#walk-through-fixes item 10): the mint page says so.
    const bySlug = async () =>
      PublicLaunchpadSchema.parse(
        (await api(t, 'GET', `/api/launchpad/by-slug/${slug}`)).body.payload,
      );
    expect(await bySlug()).toMatchObject({ status: 'active', moving_inscriptions: 4 });
    await mineAndSync(node, t);
    expect(await bySlug()).toMatchObject({
      moving_inscriptions: 0,
      reserved_inscriptions: 0,
      remaining_inscriptions: 4,
      meta_data: { presold_inscriptions: null, total_sold_override: null },
    });
    // The progress fields of meta_data come through (product.md#validation); nonsense stays out.
    await t.db.kysely
      .updateTable('launchpads')
      .set({
        meta_data: JSON.stringify({
          fee_rate: FEE_RATE,
          presold_inscriptions: 6,
          total_sold_override: -1,
        }),
      })
      .where('id', '=', id)
      .execute();
    expect((await bySlug()).meta_data).toEqual({
      presold_inscriptions: 6,
      total_sold_override: null,
    });
    const wallet = await api(t, 'POST', '/api/multisig/get-maker-wallet', {
      userPublicKey: creator.payment.publicKey,
      userAddress: creator.payment.address,
    });
    const makerWalletOf = MultisigWalletSchema.parse(wallet.body.payload);
    for (const item of items) expect(await ownerOf(item.id)).toBe(makerWalletOf.address);

    // Whitelist phase: the listed buyer mints 2, a third is over the allocation.
    const stranded = await mint(id, stranger, 1);
    expect(stranded.status).toBe(403);
    expect(stranded.body.error).toBe('This wallet is not on the allow list of Whitelist Sale');
    // Asking again (a closed review) replaces the earlier reservation, whose offer then fails.
    const abandonedBody = {
      id,
      mintCount: 2,
      takerOrdinalAddress: listed.ordinals.address,
      takerPaymentAddress: listed.payment.address,
      takerPaymentPublicKey: listed.payment.publicKey,
      feeRate: FEE_RATE,
    };
    // Minting needs sign-in (product.md#trust-findings finding 3).
    const anonymous = await api(t, 'POST', '/api/launchpad/offer/create', abandonedBody);
    expect(anonymous.status).toBe(401);
    const abandonedAt = '/api/launchpad/offer/create';
    const abandoned = await api(t, 'POST', abandonedAt, abandonedBody, listed.token);
    expect(abandoned.status, JSON.stringify(abandoned.body)).toBe(200);
    const stale = CreateMintOfferPayloadSchema.parse(abandoned.body.payload);
    // Held for that offer while it is signed (product.md#records reserved_inscriptions).
    expect(await bySlug()).toMatchObject({ reserved_inscriptions: 2 });
    // Asking for more than the allocation is refused and changes nothing: the reservation stands.
    const over = await api(
      t,
      'POST',
      abandonedAt,
      { ...abandonedBody, mintCount: 3 },
      listed.token,
    );
    expect(over.status).toBe(409);
    expect(over.body.error).toBe(
      'Allocation reached: this wallet may mint 2 more in Whitelist Sale',
    );
    expect(await bySlug()).toMatchObject({ reserved_inscriptions: 2 });
    const first = await mint(id, listed, 2);
    const late = await submitMint(stale, listed);
    expect(late.status).toBe(409);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const { txId } = SubmitMintOfferPayloadSchema.parse(first.body.payload);
    expect(await inMempool(node, txId)).toBe(true);
    expect(await paidTo(node, txId, creator.payment.address)).toBe(0n);
    expect(await paidTo(node, txId, payout.address)).toBe(
      2n * WL_PRICE + 2n * BigInt(await valueOf(items[0]?.outpoint ?? '')),
    );
    await refreshMempool(node, t);

    // A sniper off the allow list copies the creator's witness of the first item out of the
    // mempool into a purchase of their own at ten times the fee: Core refuses it (NULLFAIL), as
    // the platform's signature commits to the mint it built.
    const mintTx = await node.node.rpc.getRawTransactionVerbose(txId);
    const sellerIndex = 3; // 3 paddings for 2 items, then the sellers
    const seller = mintTx.vin[sellerIndex];
    const snipe = await snipeAttempt(node, {
      txId,
      sellerIndex,
      outpoint: `${seller?.txid ?? ''}:${seller?.vout ?? 0}`,
      value: await valueOf(items[0]?.outpoint ?? ''),
      makerWallet: makerWalletOf,
      sniper,
      coins: await cardinalOf(sniper.address),
      feeRate: FEE_RATE,
    });
    expect(bytesToHex(snipe.witness[2] ?? new Uint8Array())).toBe(makerWalletOf.witnessScript);
    const [sniped] = await node.node.rpc.testMempoolAccept([snipe.withWitness(snipe.witness)]);
    expect(sniped?.allowed).toBe(false);
    expect(sniped?.['reject-reason']).toMatch(SCRIPT_FAILURE);
    expect(await inMempool(node, txId)).toBe(true);

    const third = await mint(id, listed, 1);
    expect(third.status).toBe(409);
    expect(third.body.error).toBe(
      'Allocation reached: this wallet may mint no more in Whitelist Sale',
    );
    const allocation = await api(
      t,
      'GET',
      `/api/launchpad/get-allocation/${id}/${listed.ordinals.address}`,
    );
    expect(AllocationSchema.parse(allocation.body.payload)).toMatchObject({
      isAllowed: true,
      allocation: 2,
      minted: 2,
      remaining: 0,
    });
    await mineAndSync(node, t);
    const owners = await Promise.all(items.map((i) => ownerOf(i.id)));
    expect(owners.filter((o) => o === listed.ordinals.address)).toHaveLength(2);
    // Minted items are not counted as moving, though their other phase's orders name old outputs.
    expect(await bySlug()).toMatchObject({ moving_inscriptions: 0, remaining_inscriptions: 2 });
    // product.md#walk-through-fixes item 8: the public phase's orders of the minted items stay on
    // the outputs they left; the minter's profile shows them not listed, and the minter may list
    // one.
    const held = await api(t, 'GET', `/api/address/${listed.ordinals.address}/inscriptions`);
    const minted = held.body.payload.inscriptions as {
      listingId: string | null;
      outpoint: string;
      isTradable: boolean;
    }[];
    expect(minted).toHaveLength(2);
    expect(minted.map((m) => m.listingId)).toEqual([null, null]);
    // Its collection is under review: not listable yet, and the profile says so.
    expect(minted.map((m) => m.isTradable)).toEqual([false, false]);
    await t.db.kysely
      .updateTable('collections')
      .set({ is_tradable: true, is_under_review: false })
      .where('slug', '=', slug)
      .execute();
    const [resold] = await listViaApi(t, listed, [
      { outpoint: minted[0]?.outpoint ?? '', price: 90_000n },
    ]);
    expect(resold).toEqual(expect.any(String));
    const relisted = await api(t, 'GET', `/api/address/${listed.ordinals.address}/inscriptions`);
    expect(relisted.body.payload.inscriptions[0]).toMatchObject({
      listingId: resold,
      price: '90000',
    });

    // Public phase: the whitelist ends, the public sale opens (dates moved as time would).
    await t.db.kysely
      .updateTable('launchpad_phases')
      .set({ end_date: BigInt(now() - 1), start_date: BigInt(now() - 120) })
      .where('id', '=', wl?.id ?? '')
      .execute();
    await t.db.kysely
      .updateTable('launchpad_phases')
      .set({ start_date: BigInt(now() - 1) })
      .where('id', '=', pub?.id ?? '')
      .execute();
    const tooMany = await mint(id, stranger, 3);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.error).toBe('Only 2 left to mint');
    const rest = await mint(id, stranger, 2);
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    const publicTx = SubmitMintOfferPayloadSchema.parse(rest.body.payload).txId;
    expect(await paidTo(node, publicTx, payout.address)).toBe(
      2n * PUBLIC_PRICE + 2n * BigInt(await valueOf(items[0]?.outpoint ?? '')),
    );
    const soldOut = await mint(id, stranger, 1);
    expect(soldOut.status).toBe(409);
    expect(soldOut.body.error).toBe('Sold out');
    await mineAndSync(node, t);
    const finalOwners = await Promise.all(items.map((i) => ownerOf(i.id)));
    expect(finalOwners.sort()).toEqual(
      [
        listed.ordinals.address,
        listed.ordinals.address,
        stranger.ordinals.address,
        stranger.ordinals.address,
      ].sort(),
    );
    const page = await api(t, 'GET', `/api/launchpad/by-slug/${slug}`);
    const soldOutPage = PublicLaunchpadSchema.parse(page.body.payload);
    expect(soldOutPage).toMatchObject({ status: 'active', minted: 4, remaining_inscriptions: 0 });
    // The phases' counts are the stored ones each submit's recount keeps.
    expect(soldOutPage.phases.map((p) => p.remaining_inscriptions)).toEqual([0, 0]);
  });

  // product.md#trust-findings finding 1: an allow-listed wallet (allocation 2, used) paid from its
  // listed payment address and named fresh ordinals addresses; the platform co-signed 4 more mints.
  // Now the allocation belongs to the entry that matched, counted over every mint where either
  // address is it, locked by it, and only a proven address qualifies.
  it('counts an allow-list entry over both addresses and asks proof of the listed one', async () => {
    const creator = await newTrader(t, { signInWith: 'payment' });
    const items = [];
    for (let i = 0; i < 5; i++) items.push(await inscribeTo(node, t, creator.ordinals.address));
    await node.faucet.fund(creator.payment.address, 200_000n);
    // The attacker signs in with the listed payment address, as the web app does.
    const attacker = await newTrader(t, { signInWith: 'payment' });
    // A two-address wallet whose ordinals address is the listed one, signed in with its payment.
    const honest = await newTrader(t, { signInWith: 'payment' });
    const stranger = await newTrader(t);
    for (const buyer of [attacker, honest, stranger]) {
      await node.faucet.fund(buyer.payment.address, 500_000n);
      await node.faucet.fund(buyer.payment.address, 500_000n);
    }
    await mineAndSync(node, t);
    const allowList = [
      { address: attacker.payment.address, allocation: 2 },
      { address: honest.ordinals.address, allocation: 1 },
    ];
    const slug = `allocation-${kind}`;
    const body = launchBody(
      creator,
      slug,
      items.map((i) => i.id),
      allowList,
    );
    const id = await createPreparedLaunch(t, creator, body);
    await signLaunch(t, creator, id);
    await mineAndSync(node, t);

    // Two mints of 2 at once, to two ordinals addresses, from the listed payment address: the
    // entry's lock lets one through and counts its reservation against the other.
    const second = newWallet('p2tr');
    const racing = await Promise.all([
      mint(id, attacker, 2),
      mint(id, { ...attacker, ordinals: second }, 2),
    ]);
    expect(racing.map((r) => r.status).sort(), JSON.stringify(racing)).toEqual([200, 409]);
    await mineAndSync(node, t);
    // Fresh ordinals addresses, paid from the listed payment address: the entry is used up.
    const reached = 'Allocation reached: this wallet may mint no more in Whitelist Sale';
    for (const fresh of [newWallet('p2tr'), newWallet('p2tr')]) {
      const again = await mint(id, { ...attacker, ordinals: fresh }, 2);
      expect(again.status, JSON.stringify(again.body)).toBe(409);
      expect(again.body.error).toBe(reached);
      const one = await mint(id, { ...attacker, ordinals: fresh }, 1);
      expect(one.body.error).toBe(reached);
    }
    // Signed in as the listed address while naming two other addresses: not the signed-in wallet.
    const elsewhere = { ...attacker, ordinals: newWallet('p2tr'), payment: stranger.payment };
    const foreign = await mint(id, elsewhere, 1);
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toBe(MINT_SIGN_IN_REQUIRED);
    // Naming someone else's listed ordinals address without its signature, or with a signature
    // of another message, earns nothing.
    const squatter = {
      ...(await newTrader(t, { signInWith: 'payment' })),
      ordinals: honest.ordinals,
    };
    const proofAsked = `Sign with ${honest.ordinals.address} to mint from the allow list of Whitelist Sale`;
    const unproven = await mint(id, squatter, 1);
    expect(unproven.status).toBe(403);
    expect(unproven.body.error).toBe(proofAsked);
    const replayed = proofOf(id, honest);
    const forged = await mint(id, squatter, 1, { ordinalsSignature: replayed });
    expect(forged.status).toBe(403);
    expect(forged.body.error).toBe(proofAsked);

    // get-allocation answers for the wallet as the mint counts it.
    const read = async (address: string, paymentAddress?: string) => {
      const query = paymentAddress ? `?paymentAddress=${paymentAddress}` : '';
      const res = await api(t, 'GET', `/api/launchpad/get-allocation/${id}/${address}${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return AllocationSchema.parse(res.body.payload);
    };
    const freshOrdinals = newWallet('p2tr').address;
    expect(await read(freshOrdinals, attacker.payment.address)).toMatchObject({
      isAllowed: true,
      allocation: 2,
      minted: 2,
      remaining: 0,
    });
    expect(await read(freshOrdinals)).toMatchObject({ isAllowed: false, remaining: 0 });

    // The honest wallet proves its listed ordinals address and mints its 1, and no more.
    expect(await read(honest.ordinals.address, honest.payment.address)).toMatchObject({
      isAllowed: true,
      allocation: 1,
      minted: 0,
      remaining: 1,
    });
    const withoutProof = await mint(id, honest, 1);
    expect(withoutProof.body.error).toBe(proofAsked);
    const proof = { ordinalsSignature: proofOf(id, honest) };
    const honestMint = await mint(id, honest, 1, proof);
    expect(honestMint.status, JSON.stringify(honestMint.body)).toBe(200);
    const { txId } = SubmitMintOfferPayloadSchema.parse(honestMint.body.payload);
    expect(await inMempool(node, txId)).toBe(true);
    const more = await mint(id, honest, 1, proof);
    expect(more.body.error).toBe(reached);
    await mineAndSync(node, t);
    const owners = await Promise.all(items.map((i) => ownerOf(i.id)));
    expect(owners.filter((o) => o === honest.ordinals.address)).toHaveLength(1);
    const attackers = [attacker.ordinals.address, second.address];
    expect(owners.filter((o) => o !== null && attackers.includes(o))).toHaveLength(2);
    const page = await api(t, 'GET', `/api/launchpad/by-slug/${slug}`);
    expect(PublicLaunchpadSchema.parse(page.body.payload)).toMatchObject({
      minted: 3,
      remaining_inscriptions: 2,
    });
  });

  it('submits a mint only for the signed-in wallet that reserved it', async () => {
    const stranger = await newTrader(t);
    const launch = await api(t, 'GET', `/api/launchpad/by-slug/allocation-${kind}`);
    const id = launch.body.payload.id as string;
    // The allow-list phase is over; the public one is open, with 2 items left.
    const [wl, pub] = PublicLaunchpadSchema.parse(launch.body.payload).phases;
    await t.db.kysely
      .updateTable('launchpad_phases')
      .set({ end_date: BigInt(now() - 1), start_date: BigInt(now() - 120) })
      .where('id', '=', wl?.id ?? '')
      .execute();
    await t.db.kysely
      .updateTable('launchpad_phases')
      .set({ start_date: BigInt(now() - 1) })
      .where('id', '=', pub?.id ?? '')
      .execute();
    await node.faucet.fund(stranger.payment.address, 500_000n);
    await mineAndSync(node, t);
    const created = await api(
      t,
      'POST',
      '/api/launchpad/offer/create',
      {
        id,
        mintCount: 1,
        takerOrdinalAddress: stranger.ordinals.address,
        takerPaymentAddress: stranger.payment.address,
        takerPaymentPublicKey: stranger.payment.publicKey,
        feeRate: FEE_RATE,
      },
      stranger.token,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const offer = CreateMintOfferPayloadSchema.parse(created.body.payload);
    const other = await newTrader(t);
    const hijacked = await submitMint(offer, stranger, other.token);
    expect(hijacked.status).toBe(403);
    expect(hijacked.body.error).toBe(MINT_SIGN_IN_REQUIRED);
    const unsigned = await submitMint(offer, stranger, '');
    expect(unsigned.status).toBe(401);
    const own = await submitMint(offer, stranger);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
  });

  // product.md#trust-findings finding 7: a creator withdrew an item from an active launch with the
  // platform's co-signature, and the launch kept listing and counting it. Now that withdrawal is
  // refused; an item that leaves anyway (the creator's key alone after the timelock) is closed and
  // uncounted.
  it('keeps launch items in the maker wallet and uncounts one that leaves on the timelock', async () => {
    const creator = await newTrader(t, { signInWith: 'payment' });
    const items = [];
    for (let i = 0; i < 2; i++) items.push(await inscribeTo(node, t, creator.ordinals.address));
    await node.faucet.fund(creator.payment.address, 200_000n);
    const buyer = await newTrader(t);
    await node.faucet.fund(buyer.payment.address, 500_000n);
    await mineAndSync(node, t);
    const slug = `inventory-${kind}`;
    const ids = items.map((i) => i.id);
    const body = launchBody(creator, slug, ids, buyer.ordinals.address);
    const id = await createPreparedLaunch(t, creator, body);
    const withdraw = (inscriptionId: string) =>
      api(t, 'POST', '/api/multisig/withdrawal-inscriptions', {
        transfer: [{ inscriptionId, address: creator.ordinals.address }],
        makerPaymentAddress: creator.payment.address,
        makerPaymentPublicKey: creator.payment.publicKey,
        feeRate: FEE_RATE,
      });
    await signLaunch(t, creator, id);
    await mineAndSync(node, t);
    expect((await launchInfo(t, id)).status).toBe('active');
    const [item, other] = ids as [string, string];
    const refused = await withdraw(item);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.error).toBe(launchHoldsInscription(item, slug));

    // The seller-alone path: 144 blocks after the deposit, the creator's key spends the item's
    // output (and a coin for the fee) out of the maker wallet without the platform.
    const wallet = await api(t, 'POST', '/api/multisig/get-maker-wallet', {
      userPublicKey: creator.payment.publicKey,
      userAddress: creator.payment.address,
    });
    const maker = MultisigWalletSchema.parse(wallet.body.payload);
    await node.faucet.fund(maker.address, 30_000n);
    await mineAndSync(node, t, 144);
    const held = await t.db.kysely
      .selectFrom('launch_inscriptions')
      .select(['outpoint', 'output_value'])
      .where('launchpad_id', '=', id)
      .where('inscription_id', '=', item)
      .executeTakeFirstOrThrow();
    const [txid = '', vout = '0'] = held.outpoint.split(':');
    const script = scriptOfAddress(maker.address, 'regtest');
    const coins = [
      { txid, vout: Number(vout), value: BigInt(held.output_value), script, inscribed: true },
      ...(await cardinalOf(maker.address)).map((c) => ({ ...c, script, inscribed: false })),
    ];
    const bitcoinWallet = multisigWallet(
      hexToBytes(creator.payment.publicKey),
      hexToBytes(maker.platformPublicKey),
      'regtest',
    );
    const recovery = buildRecoveryPsbt({
      wallet: bitcoinWallet,
      utxos: coins,
      recipientAddress: creator.ordinals.address,
      feeRate: FEE_RATE,
      network: 'regtest',
    });
    const final = finalizeRecovery(
      signPsbtWithKey(recovery.psbt, creator.payment.key),
      bitcoinWallet,
    );
    await node.node.rpc.sendRawTransaction(final.hex);
    await refreshMempool(node, t);
    await eventually(async () => {
      const page = await api(t, 'GET', `/api/launchpad/by-slug/${slug}`);
      expect(PublicLaunchpadSchema.parse(page.body.payload)).toMatchObject({
        total_inscriptions: 1,
        remaining_inscriptions: 1,
        minted: 0,
      });
    });
    const rows = await t.db.kysely
      .selectFrom('orderbook')
      .select(['inscription_id', 'status'])
      .where('inscription_id', 'in', ids)
      .where('phase_id', 'is not', null)
      .execute();
    expect(rows.filter((r) => r.inscription_id === item).map((r) => r.status)).toEqual([
      'canceled',
      'canceled',
    ]);
    expect(rows.filter((r) => r.inscription_id === other).map((r) => r.status)).toEqual([
      'active',
      'active',
    ]);
    // The buyer may mint 2 by the allow list, and only the item still held is offered.
    const tooMany = await mint(id, buyer, 2);
    expect(tooMany.body.error).toBe('Only 1 left to mint');
    const minted = await mint(id, buyer, 1);
    expect(minted.status, JSON.stringify(minted.body)).toBe(200);
    await mineAndSync(node, t);
    expect(await ownerOf(other)).toBe(buyer.ordinals.address);
    expect(await ownerOf(item)).toBe(creator.ordinals.address);
    const after = await api(t, 'GET', `/api/launchpad/by-slug/${slug}`);
    expect(PublicLaunchpadSchema.parse(after.body.payload)).toMatchObject({
      total_inscriptions: 1,
      remaining_inscriptions: 0,
      minted: 1,
    });
    // A sold-out launch holds nothing: the minted item is the buyer's, not the launch's.
    expect((await withdraw(other)).body.error).not.toBe(launchHoldsInscription(other, slug));
  });

  // A withdrawal prepared while the item sat in the maker wallet outside any launch, then
  // confirmed once a launch holds it: the platform asks again when it co-signs.
  it('refuses to co-sign a withdrawal prepared before a launch took the item', async () => {
    const creator = await newTrader(t, { signInWith: 'payment' });
    const item = await inscribeTo(node, t, creator.ordinals.address);
    await node.faucet.fund(creator.payment.address, 200_000n);
    await mineAndSync(node, t);
    const deposited = await api(t, 'POST', '/api/multisig/deposit-inscriptions', {
      inscriptionIds: [item.id],
      ordinalAddress: creator.ordinals.address,
      ordinalPublicKey: creator.ordinals.publicKey,
      paymentAddress: creator.payment.address,
      paymentPublicKey: creator.payment.publicKey,
      feeRate: FEE_RATE,
    });
    expect(deposited.status, JSON.stringify(deposited.body)).toBe(200);
    const deposit = BuiltPsbtPayloadSchema.parse(deposited.body.payload);
    const sent = await api(t, 'POST', '/api/multisig/deposit-inscriptions/confirm', {
      signedPsbt: signAsAsked(deposit.psbt, deposit.inputsToSign, [
        creator.ordinals,
        creator.payment,
      ]),
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await mineAndSync(node, t);
    const prepared = await api(t, 'POST', '/api/multisig/withdrawal-inscriptions', {
      transfer: [{ inscriptionId: item.id, address: creator.ordinals.address }],
      makerPaymentAddress: creator.payment.address,
      makerPaymentPublicKey: creator.payment.publicKey,
      feeRate: FEE_RATE,
    });
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    const withdrawal = BuiltPsbtPayloadSchema.parse(prepared.body.payload);
    const signedWithdrawal = signAsAsked(withdrawal.psbt, withdrawal.inputsToSign, [
      creator.payment,
    ]);

    const slug = `late-withdrawal-${kind}`;
    const body = launchBody(creator, slug, [item.id], creator.ordinals.address);
    await createPreparedLaunch(t, creator, body);
    const refused = await api(t, 'POST', '/api/multisig/withdrawal/confirm', {
      userPublicKey: creator.payment.publicKey,
      userSignedPsbtBase64: signedWithdrawal,
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.error).toBe(launchHoldsInscription(item.id, slug));
    expect(await inMempool(node, withdrawal.txid)).toBe(false);
  });

  // product.md#trust-findings finding 3: coins enough for one order reserved a whole phase, and
  // unfunded, unproven addresses reserved the rest of a whitelist for 5 minutes, renewable. Now
  // each offer is built from coins no open offer promised, needs sign-in, is capped per wallet and
  // per client, holds 2 minutes, and a failed one gives its items back at once.
  it('binds mint offers to unpromised coins and caps them per wallet and per client', async () => {
    const creator = await newTrader(t, { signInWith: 'payment' });
    const items = [];
    for (let i = 0; i < 8; i++) items.push(await inscribeTo(node, t, creator.ordinals.address));
    await node.faucet.fund(creator.payment.address, 200_000n);
    const wallet = await newTrader(t, { signInWith: 'payment' });
    const oneCoin = await newTrader(t, { signInWith: 'payment' });
    const clients = await Promise.all([1, 2, 3, 4].map(() => newTrader(t)));
    const unfunded = await newTrader(t);
    const real = await newTrader(t);
    for (let i = 0; i < 6; i++) await node.faucet.fund(wallet.payment.address, 200_000n);
    await node.faucet.fund(oneCoin.payment.address, 200_000n);
    for (const c of [...clients, real]) await node.faucet.fund(c.payment.address, 200_000n);
    await mineAndSync(node, t);
    const slug = `hoard-${kind}`;
    const body = launchBody(
      creator,
      slug,
      items.map((i) => i.id),
      real.ordinals.address,
    );
    const id = await createPreparedLaunch(t, creator, body);
    await signLaunch(t, creator, id);
    await mineAndSync(node, t);
    const [wl, pub] = (await launchInfo(t, id)).phases;
    await t.db.kysely
      .updateTable('launchpad_phases')
      .set({ end_date: BigInt(now() - 1), start_date: BigInt(now() - 120) })
      .where('id', '=', wl?.id ?? '')
      .execute();
    await t.db.kysely
      .updateTable('launchpad_phases')
      .set({ start_date: BigInt(now() - 1) })
      .where('id', '=', pub?.id ?? '')
      .execute();
    /** offer/create of one item from a client address of the test's choosing. */
    const offerFrom = async (client: string, buyer: Trader) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/launchpad/offer/create',
        remoteAddress: client,
        headers: { authorization: `Bearer ${buyer.token}` },
        payload: {
          id,
          mintCount: 1,
          takerOrdinalAddress: buyer.ordinals.address,
          takerPaymentAddress: buyer.payment.address,
          takerPaymentPublicKey: buyer.payment.publicKey,
          feeRate: FEE_RATE,
        },
      });
      return { status: res.statusCode, body: res.json() };
    };
    const reservedFor = async (ordinals: string) =>
      (
        await t.db.kysely
          .selectFrom('orderbook')
          .select('id')
          .where('taker_ordinal_address', '=', ordinals)
          .where('status', '=', 'active')
          .where('reserved_until', '>', new Date())
          .execute()
      ).length;

    // An unfunded wallet: refused, and its items are free again at once.
    const broke = await offerFrom('10.0.0.1', unfunded);
    expect(broke.status).toBe(400);
    expect(await reservedFor(unfunded.ordinals.address)).toBe(0);

    // One coin, two ordinals addresses: the second offer finds the coin promised.
    const first = await offerFrom('10.0.0.2', oneCoin);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const offer = CreateMintOfferPayloadSchema.parse(first.body.payload);
    const held = Date.parse(offer.expiresAt) - Date.now();
    expect(held).toBeGreaterThan(100_000);
    expect(held).toBeLessThanOrEqual(120_000);
    const again = await offerFrom('10.0.0.2', { ...oneCoin, ordinals: newWallet('p2tr') });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(COINS_PROMISED);

    // One signed-in wallet with coins for many: 3 open offers, then no more.
    const answers = [];
    for (let i = 0; i < 4; i++) {
      answers.push(await offerFrom('10.0.0.3', { ...wallet, ordinals: newWallet('p2tr') }));
    }
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 409]);
    expect(answers[3]?.body.error).toBe(tooManyReservationsOfWallet(3));
    // A review closed gives its items and its hold back at once; nobody else can release them.
    const closed = CreateMintOfferPayloadSchema.parse(answers[0]?.body.payload);
    const release = (token: string) =>
      api(t, 'POST', '/api/launchpad/offer/release', { ids: closed.ids }, token);
    expect((await release(real.token)).body.payload).toEqual({ released: 0 });
    expect((await release(wallet.token)).body.payload).toEqual({ released: 1 });
    const afterRelease = await offerFrom('10.0.0.3', { ...wallet, ordinals: newWallet('p2tr') });
    expect(afterRelease.status, JSON.stringify(afterRelease.body)).toBe(200);

    // One client with four funded wallets: 3 open offers, then no more.
    const fromOne = [];
    for (const c of clients) fromOne.push(await offerFrom('10.0.0.4', c));
    expect(fromOne.map((a) => a.status)).toEqual([200, 200, 200, 409]);
    expect(fromOne[3]?.body.error).toBe(tooManyReservationsOfClient(3));

    // A real buyer still mints the item left.
    const minted = await mint(id, real, 1);
    expect(minted.status, JSON.stringify(minted.body)).toBe(200);
    const { txId } = SubmitMintOfferPayloadSchema.parse(minted.body.payload);
    expect(await inMempool(node, txId)).toBe(true);
    // The one-coin wallet's own offer is still good: its coin was never double-promised.
    const own = await submitMint(offer, oneCoin);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
  });

  // product.md#scale-and-delivery: offers built at once share one mempool read. Two offers of one
  // wallet's only coin, built together, still promise it once; and after the first mint the
  // wallet's next offer is built on a read after that broadcast (its change), never on the coin
  // the mint spent.
  it("promises a coin once to offers built at once, and builds the next on the mint's change", async () => {
    const creator = await newTrader(t, { signInWith: 'payment' });
    const items = [];
    for (let i = 0; i < 2; i++) items.push(await inscribeTo(node, t, creator.ordinals.address));
    await node.faucet.fund(creator.payment.address, 200_000n);
    const buyer = await newTrader(t, { signInWith: 'payment' });
    await node.faucet.fund(buyer.payment.address, 200_000n);
    await mineAndSync(node, t);
    const allowed = [{ address: buyer.payment.address, allocation: 2 }];
    const body = launchBody(
      creator,
      `rush-${kind}`,
      items.map((i) => i.id),
      allowed,
    );
    const id = await createPreparedLaunch(t, creator, body);
    await signLaunch(t, creator, id);
    await mineAndSync(node, t);
    const takers = [buyer, { ...buyer, ordinals: newWallet('p2tr') }];
    const offerOf = (taker: Trader) =>
      api(
        t,
        'POST',
        '/api/launchpad/offer/create',
        {
          id,
          mintCount: 1,
          takerOrdinalAddress: taker.ordinals.address,
          takerPaymentAddress: taker.payment.address,
          takerPaymentPublicKey: taker.payment.publicKey,
          feeRate: FEE_RATE,
        },
        taker.token,
      );
    const answers = await Promise.all(takers.map(offerOf));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const won = answers.findIndex((a) => a.status === 200);
    expect(answers[1 - won]?.body.error).toBe(COINS_PROMISED);
    const [winner, loser] = won === 0 ? takers : [...takers].reverse();
    if (!winner || !loser) throw new Error('two takers');
    const offer = CreateMintOfferPayloadSchema.parse(answers[won]?.body.payload);
    const minted = await submitMint(offer, winner);
    expect(minted.status, JSON.stringify(minted.body)).toBe(200);
    const { txId } = SubmitMintOfferPayloadSchema.parse(minted.body.payload);
    // At once, no block: the coin is spent in the mempool, the change is the wallet's to pay with.
    const next = await mint(id, loser, 1);
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    const second = SubmitMintOfferPayloadSchema.parse(next.body.payload);
    expect(await inMempool(node, txId)).toBe(true);
    expect(await inMempool(node, second.txId)).toBe(true);
  });

  /**
   * The listed ordinals address's signature of the mint proof (product.md#trust-findings finding
   * 1).
   */
  function proofOf(id: string, wallet: Trader): string {
    const message = mintProofMessage({
      launchpadId: id,
      ordinalsAddress: wallet.ordinals.address,
      paymentAddress: wallet.payment.address,
    });
    return signBip322Simple(message, wallet.ordinals.key, wallet.ordinals.address, 'regtest');
  }

  it('refuses a launch of inscriptions the creator does not hold, naming the entry', async () => {
    const creator = await newTrader(t, { signInWith: 'payment' });
    const other = await newTrader(t);
    const foreign = await inscribeTo(node, t, other.ordinals.address);
    const body = launchBody(creator, `foreign-${kind}`, [foreign.id], other.ordinals.address);
    const res = await api(t, 'POST', '/api/launchpad/create', body, creator.token);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe('data.0.id');
    const unsigned = await api(t, 'POST', '/api/launchpad/create', body);
    expect(unsigned.status).toBe(401);
  });

  async function cardinalOf(address: string) {
    const res = await api(t, 'GET', `/api/shared/address/${address}/utxos`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.payload.cardinal as { txid: string; vout: number; value: string }[]).map(
      (c) => ({ txid: c.txid, vout: c.vout, value: BigInt(c.value) }),
    );
  }

  /** The value of an output, from the node. */
  async function valueOf(outpoint: string): Promise<bigint> {
    const [txid = '', vout = '0'] = outpoint.split(':');
    const raw = await node.node.rpc.getRawTransactionVerbose(txid);
    return btcToSats(raw.vout[Number(vout)]?.value ?? 0);
  }
});
