import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  base64ToBytes,
  buildListingPsbt,
  bytesToBase64,
  bytesToHex,
  checkSellerWitness,
  compressedPublicKey,
  extractSellerWitness,
  hexToBytes,
  multisigWallet,
  p2wpkhAddress,
  parsePsbt,
  randomPrivateKey,
  SELLER_SIGHASH,
  signPsbtWithKey,
  verifySignedListing,
} from '@om/bitcoin';
import {
  ConfirmLaunchPsbtPayloadSchema,
  CreateMintOfferPayloadSchema,
  LaunchpadInfoSchema,
  LaunchPsbtPayloadSchema,
  SubmitMintOfferPayloadSchema,
} from '@om/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/create-db.ts';
import { migrate } from '../src/db/migrate.ts';
import { listMigrations } from '../src/db/schema-files.ts';
import { listedItemsOf } from '../src/trading/listed-item.ts';
import { findListingRows } from '../src/trading/listings.queries.ts';
import { insertLivePhase } from './helpers/listing-rows.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, emptyTestDb, startTestApp, type TestApp } from './helpers/test-app.ts';
import {
  api,
  eventually,
  inMempool,
  inscribeTo,
  mineAndSync,
  newTrader,
  signAsAsked,
  type Trader,
} from './helpers/trading.ts';

// ADR 010, 0010_listing_witness: confirm keeps each launch listing's own signature with its
// orderbook row (maker_witness), and the mint reads only the rows it reserved. Here a mint goes
// through with every copy of the batch PSBTs emptied, each stored signature verifies against its
// digest, a row without its witness cannot be minted, and 0010 backfills rows signed before it.

const PRICE = 25_000n;
const FEE_RATE = 2;

describe.each(databaseKinds())('launch listing witnesses on %s', (kind) => {
  let node: TestNode;
  let t: TestApp;
  beforeAll(async () => {
    node = await startTestNode();
    t = await startTestApp(kind, node, {
      PLATFORM_FEE_BPS: '0',
      WRITE_RATE_LIMIT_PER_MINUTE: '10000',
    });
    await t.sync();
  });
  afterAll(async () => {
    await t?.close();
    await node?.stop();
  });

  const now = () => Math.floor(Date.now() / 1000);

  async function launch(creator: Trader, ids: readonly string[]): Promise<string> {
    const slug = `witness-${kind}`;
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
          description: 'Pre-inscribed items minted from their stored witnesses',
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
        data: ids.map((id, i) => ({ id, meta: { name: `Item ${i + 1}` } })),
        phases: [
          {
            name: 'Public Sale',
            price: PRICE.toString(),
            startDate: now() - 60,
            endDate: now() + 3600,
            isPublic: true,
          },
        ],
        feeRate: FEE_RATE,
      },
      creator.token,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.payload.launchpadId as string;
  }

  async function signEverything(creator: Trader, id: string) {
    await eventually(async () => {
      const res = await api(t, 'GET', `/api/launchpad/info/${id}`);
      expect(res.body.payload?.status).toBe('pending_psbt_signature');
    });
    const info = LaunchpadInfoSchema.parse(
      (await api(t, 'GET', `/api/launchpad/info/${id}`)).body.payload,
    );
    for (const batch of info.phases.flatMap((phase) => phase.psbts)) {
      const got = await api(t, 'GET', `/api/launchpad/get-psbt/${batch.id}`);
      const { psbt, inputsToSign } = LaunchPsbtPayloadSchema.parse(got.body.payload);
      const signedPsbt = signAsAsked(psbt, inputsToSign, [creator.ordinals, creator.payment]);
      const done = await api(t, 'PUT', `/api/launchpad/confirm/${batch.id}`, { signedPsbt });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      ConfirmLaunchPsbtPayloadSchema.parse(done.body.payload);
    }
    return info.phases[0]?.id ?? '';
  }

  async function createMint(id: string, buyer: Trader, mintCount: number) {
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
      },
      buyer.token,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return CreateMintOfferPayloadSchema.parse(created.body.payload);
  }

  async function submitMint(buyer: Trader, offer: Awaited<ReturnType<typeof createMint>>) {
    return api(
      t,
      'POST',
      '/api/launchpad/offer/submit',
      {
        ids: offer.ids,
        signedPsbt: signAsAsked(offer.psbt, offer.inputsToSign, [buyer.payment]),
        ...(offer.setupPsbt
          ? {
              signedSetupPsbt: signAsAsked(offer.setupPsbt, offer.setupInputsToSign, [
                buyer.payment,
              ]),
            }
          : {}),
      },
      buyer.token,
    );
  }

  it('mints from each row’s own witness, with every copy of the batch PSBTs emptied', async () => {
    const creator = await newTrader(t, { signInWith: 'payment' });
    const items = [];
    for (let i = 0; i < 3; i++) items.push(await inscribeTo(node, t, creator.ordinals.address));
    await node.faucet.fund(creator.payment.address, 200_000n);
    const buyer = await newTrader(t);
    await node.faucet.fund(buyer.payment.address, 500_000n);
    await mineAndSync(node, t);
    const id = await launch(
      creator,
      items.map((i) => i.id),
    );
    const phaseId = await signEverything(creator, id);
    await mineAndSync(node, t);

    // Each row holds U's 0x83 signature over its own input and payout, the very one of the batch.
    const rows = await t.db.kysely
      .selectFrom('orderbook')
      .select(['id', 'psbt', 'signed_psbt', 'psbt_batch_id', 'index_in_maker_psbt'])
      .where('phase_id', '=', phaseId)
      .orderBy('index_in_maker_psbt')
      .execute();
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.psbt === null && r.signed_psbt === null)).toBe(true);
    const listing = await findListingRows(
      t.db.kysely,
      rows.map((r) => r.id),
    );
    const byId = new Map(listing.map((r) => [r.id, r]));
    const ordered = rows.map((r) => byId.get(r.id)).filter((r) => r !== undefined);
    const listed = listedItemsOf(ordered, 'regtest');
    const batch = await t.db.kysely
      .selectFrom('psbt_batches')
      .select('signed_psbt')
      .where('id', '=', rows[0]?.psbt_batch_id ?? '')
      .executeTakeFirstOrThrow();
    const signedBatch = parsePsbt(batch.signed_psbt ?? '');
    const stored: string[] = [];
    ordered.forEach((row, i) => {
      const item = listed[i];
      if (!item) throw new Error('no item');
      const witness = (row.makerWitness ?? []).map((hex) => hexToBytes(hex));
      expect(witness).toHaveLength(1);
      expect(witness[0]?.at(-1)).toBe(SELLER_SIGHASH);
      expect(checkSellerWitness(item, witness)).toBeUndefined();
      // The digest binds the price: the same signature over another payout does not verify.
      const cheaper = { ...item, payout: { ...item.payout, value: item.payout.value - 1n } };
      expect(checkSellerWitness(cheaper, witness)).toBe('bad-signature');
      const fromBatch = extractSellerWitness(
        signedBatch.getInput(row.indexInMakerPsbt ?? -1),
        item.sellerInput.script,
        item.sellerInput.witnessScript,
      );
      expect(fromBatch?.map((w) => bytesToHex(w))).toEqual(row.makerWitness);
      stored.push(...(row.makerWitness ?? []));
    });

    // The mint no longer needs the batch: its PSBTs emptied, two items are minted all the same.
    await t.db.kysely
      .updateTable('psbt_batches')
      .set({ psbt: '', signed_psbt: '' })
      .where('phase_id', '=', phaseId)
      .execute();
    const offer = await createMint(id, buyer, 2);
    // What the minter is sent carries none of the creator's signatures.
    for (const psbt of [offer.psbt, offer.setupPsbt ?? '']) {
      const sent = bytesToHex(base64ToBytes(psbt) ?? new Uint8Array());
      for (const signature of stored) expect(sent).not.toContain(signature);
    }
    const minted = await submitMint(buyer, offer);
    expect(minted.status, JSON.stringify(minted.body)).toBe(200);
    const { txId } = SubmitMintOfferPayloadSchema.parse(minted.body.payload);
    expect(await inMempool(node, txId)).toBe(true);

    // A row without its witness cannot be minted: nothing else holds its signature for the mint.
    await t.db.kysely
      .updateTable('orderbook')
      .set({ maker_witness: null })
      .where('phase_id', '=', phaseId)
      .where('status', '=', 'active')
      .execute();
    const last = await createMint(id, buyer, 1);
    const refused = await submitMint(buyer, last);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(`Listing ${last.ids[0] ?? ''} is no longer available`);
  });
});

describe.each(databaseKinds())('0010_listing_witness on %s', (kind) => {
  it('backfills the witness of launch rows signed before it and drops their PSBT copies', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'om-0010-'));
    const db = await emptyTestDb(kind);
    try {
      const all = listMigrations();
      for (const m of all.filter((m) => m.version < '0010')) {
        fs.copyFileSync(m.file, path.join(dir, path.basename(m.file)));
      }
      await migrate(db, dir);

      // A listing batch of three maker-wallet inputs, signed by U (0x83) as confirm stored it.
      const userKey = randomPrivateKey();
      const user = compressedPublicKey(userKey);
      const wallet = multisigWallet(user, compressedPublicKey(randomPrivateKey()), 'regtest');
      const payout = p2wpkhAddress(user, 'regtest');
      const txid = bytesToHex(randomBytes(32));
      const built = buildListingPsbt({
        items: [0, 1, 2].map((vout) => ({
          inscriptionUtxo: {
            txid,
            vout,
            value: 10_000n,
            script: wallet.script,
            publicKey: user,
            witnessScript: wallet.witnessScript,
          },
          price: PRICE,
          payoutAddress: payout,
          makerFee: 0n,
        })),
        network: 'regtest',
      });
      const signed = bytesToBase64(signPsbtWithKey(built.psbt, userKey));
      const verification = verifySignedListing(signed, built.items);
      if (!verification.ok) throw new Error(JSON.stringify(verification.problems));
      const ids = await insertLegacyLaunch(db, {
        wallet: { address: wallet.address, witnessScript: bytesToHex(wallet.witnessScript) },
        user: bytesToHex(user),
        payout,
        txid,
        psbt: bytesToBase64(built.psbt),
        signedPsbt: signed,
      });

      fs.copyFileSync(
        all.find((m) => m.version.startsWith('0010'))?.file ?? '',
        path.join(dir, '0010_listing_witness.sql'),
      );
      expect(await migrate(db, dir)).toEqual(['0010_listing_witness']);
      const rows = await db.kysely
        .selectFrom('orderbook')
        .select(['id', 'maker_witness', 'psbt', 'signed_psbt'])
        .where('id', 'in', ids)
        .execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      expect(ids.map((id) => byId.get(id)?.maker_witness)).toEqual(
        verification.signatures.map((s) => s.witness.map((w) => bytesToHex(w))),
      );
      expect(rows.every((r) => r.psbt === null && r.signed_psbt === null)).toBe(true);
      const batch = await db.kysely
        .selectFrom('psbt_batches')
        .select('signed_psbt')
        .executeTakeFirstOrThrow();
      expect(batch.signed_psbt).toBe(signed);
    } finally {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** A signed launch as 0008 left it: every row of the batch with a copy of its PSBTs. */
async function insertLegacyLaunch(
  db: Db,
  l: {
    wallet: { address: string; witnessScript: string };
    user: string;
    payout: string;
    txid: string;
    psbt: string;
    signedPsbt: string;
  },
): Promise<string[]> {
  const k = db.kysely;
  const phase = await insertLivePhase(db, {
    slug: 'legacy',
    price: PRICE,
    makerPaymentAddress: l.payout,
    makerPaymentPublicKey: l.user,
  });
  const batch = await k
    .insertInto('psbt_batches')
    .values({
      phase_id: phase.phaseId,
      batch_number: 0,
      inscription_count: 3,
      status: 'signed',
      kind: 'listing',
      psbt: l.psbt,
      signed_psbt: l.signedPsbt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const inscriptions = [0, 1, 2].map((i) => `${l.txid}i${i}`);
  await k
    .insertInto('inscriptions')
    .values(inscriptions.map((inscription_id) => ({ inscription_id })))
    .execute();
  const rows = await k
    .insertInto('orderbook')
    .values(
      inscriptions.map((inscription_id, index) => ({
        inscription_id,
        phase_id: phase.phaseId,
        psbt_batch_id: batch.id,
        index_in_maker_psbt: index,
        psbt_index: index,
        status: 'active' as const,
        price: PRICE,
        outpoint: `${l.txid}:${index}`,
        output_value: 10_000n,
        maker_payment_address: l.payout,
        maker_payment_public_key: l.user,
        maker_ordinal_address: l.wallet.address,
        witness_script: l.wallet.witnessScript,
        is_snipe_protected: true,
        psbt: l.psbt,
        signed_psbt: l.signedPsbt,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
