import {
  addressToScript,
  buildChainedPurchase,
  buildListingPsbt,
  buildPurchasePsbt,
  compressedPublicKey,
  mergeAndFinalizePurchase,
  finalizeSignedPsbt,
  p2trAddress,
  p2wpkhAddress,
  randomPrivateKey,
  signPsbtWithKey,
  verifySignedListing,
  type BuiltForSigning,
  type BuiltPurchase,
  type SignedListedItem,
  type WalletUtxo,
} from '@om/bitcoin';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { btcToSats } from '../src/chain/rpc.ts';
import { ChainEvents } from '../src/indexer/chain-events.ts';
import { ChainFollower } from '../src/indexer/follow-chain.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { inscribe } from './helpers/regtest-inscribe.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

// The trading core against Bitcoin Core 30: sellers list (0x83), buyers sign, the server merges,
// Core accepts, and the indexer (ord's FIFO rules) sees each inscription at offset 0 of the
// buyer's ordinals output.

const PRICE = 50_000n;
const MAKER_FEE_BPS = 100;
const PLATFORM_FEE = 1_000n;
const FEE_RATE = 2;

type Wallet = { key: Uint8Array; publicKey: Uint8Array; address: string; script: Uint8Array };

function wallet(type: 'p2tr' | 'p2wpkh'): Wallet {
  const key = randomPrivateKey();
  const publicKey = compressedPublicKey(key);
  const address = (type === 'p2tr' ? p2trAddress : p2wpkhAddress)(publicKey, 'regtest');
  return { key, publicKey, address, script: addressToScript(address, 'regtest') as Uint8Array };
}

let node: TestNode;
let t: TestApp;
let follower: ChainFollower;
const platform = wallet('p2tr');

beforeAll(async () => {
  node = await startTestNode();
  t = await startTestApp('pglite', node);
  follower = new ChainFollower({
    db: t.db,
    rpc: node.node.rpc,
    network: 'regtest',
    events: new ChainEvents(),
    log: pino({ level: 'silent' }),
  });
});
afterAll(async () => {
  await t?.close();
  await node?.stop();
});

async function mineAndSync(): Promise<void> {
  await node.faucet.mine(1);
  await follower.syncOnce();
}

/** The confirmed coins of an address, from Core's UTXO set; none of them is inscribed. */
async function coinsOf(owner: Wallet): Promise<WalletUtxo[]> {
  const { unspents } = await node.node.rpc.scanTxOutSet([`addr(${owner.address})`]);
  return unspents.map((u) => ({
    txid: u.txid,
    vout: u.vout,
    value: btcToSats(u.amount),
    script: owner.script,
    inscribed: false,
  }));
}

/** Inscribes to the seller, lists at PRICE, signs with 0x83 as a wallet would, verifies. */
async function listNewInscription(
  seller: Wallet,
): Promise<{ id: string; listing: SignedListedItem }> {
  const reveal = await inscribe(node, seller.address, [
    { contentType: 'text/plain', body: 'for sale' },
  ]);
  await mineAndSync();
  const { psbt, items } = buildListingPsbt({
    items: [
      {
        inscriptionUtxo: { ...reveal, script: seller.script, publicKey: seller.publicKey },
        price: PRICE,
        payoutAddress: seller.address,
      },
    ],
    makerFeeBps: MAKER_FEE_BPS,
    network: 'regtest',
  });
  const result = verifySignedListing(signPsbtWithKey(psbt, seller.key), items);
  if (!result.ok || !result.signatures[0]) throw new Error(JSON.stringify(result));
  return { id: reveal.ids[0]!, listing: result.signatures[0] };
}

function buyerOf(payment: Wallet, ordinals: Wallet, coins: WalletUtxo[]) {
  return {
    paymentAddress: payment.address,
    paymentPublicKey: payment.publicKey,
    ordinalAddress: ordinals.address,
    paddingUtxos: coins.filter((c) => c.value <= 1_200n),
    paymentUtxos: coins.filter((c) => c.value > 1_200n),
  };
}

function signAsBuyer(built: Pick<BuiltForSigning, 'psbt' | 'layout'>, payment: Wallet): Uint8Array {
  const inputs = built.layout.inputs.flatMap((r, i) => (r.witness === 'signed-psbt' ? [i] : []));
  return signPsbtWithKey(built.psbt, payment.key, { inputs });
}

type Verdict = {
  txid: string;
  allowed: boolean;
  vsize?: number;
  fees?: { base: number };
  'reject-reason'?: string;
};
const testMempoolAccept = (hexes: string[]) =>
  node.node.rpc.call<Verdict[]>('testmempoolaccept', [hexes]);

async function satpointOf(id: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/api/shared/inscriptions/details/${id}` });
  return (res.json() as { payload: { satpoint: string } }).payload.satpoint;
}

/** The seller got price − maker fee + postage, the platform exactly its fee. */
async function expectPaid(txid: string, sellers: Wallet[], built: BuiltPurchase): Promise<void> {
  const tx = await node.node.rpc.getRawTransactionVerbose(txid);
  sellers.forEach((seller, i) => {
    const payout = tx.vout[built.layout.sellerIndices[i]!];
    expect(payout?.scriptPubKey.address).toBe(seller.address);
    expect(btcToSats(payout?.value ?? 0)).toBe(PRICE - (PRICE * 100n) / 10_000n + 10_000n);
  });
  const fee = tx.vout[built.layout.platformFeeIndex!];
  expect(fee?.scriptPubKey.address).toBe(platform.address);
  expect(btcToSats(fee?.value ?? 0)).toBe(PLATFORM_FEE);
}

describe('trading on regtest', () => {
  const buyer = wallet('p2wpkh');
  const buyerOrdinals = wallet('p2tr');

  it('a P2TR seller lists; a P2WPKH buyer with two paddings buys; Core accepts it', async () => {
    const seller = wallet('p2tr');
    const { id, listing } = await listNewInscription(seller);
    await node.faucet.fund(buyer.address, 600n);
    await node.faucet.fund(buyer.address, 600n);
    await node.faucet.fund(buyer.address, 300_000n);
    await mineAndSync();

    const built = buildPurchasePsbt({
      listings: [listing],
      buyer: buyerOf(buyer, buyerOrdinals, await coinsOf(buyer)),
      platformFee: { address: platform.address, value: PLATFORM_FEE },
      feeRate: FEE_RATE,
      network: 'regtest',
    });
    const final = mergeAndFinalizePurchase(signAsBuyer(built, buyer), built, [listing]);
    const [verdict] = await testMempoolAccept([final.hex]);
    expect(verdict).toMatchObject({ txid: final.txid, allowed: true, vsize: final.vsize });
    expect(btcToSats(verdict?.fees?.base ?? 0)).toBe(built.fee);
    expect(final.vsize).toBeLessThanOrEqual(built.vsize);

    expect(await node.node.rpc.sendRawTransaction(final.hex)).toBe(final.txid);
    await mineAndSync();
    await expectPaid(final.txid, [seller], built);
    expect(await satpointOf(id)).toBe(`${final.txid}:1:0`);
  });

  it('a P2WPKH seller lists; a buyer without padding buys through a chained setup', async () => {
    const seller = wallet('p2wpkh');
    const newcomer = wallet('p2wpkh');
    const { id, listing } = await listNewInscription(seller);
    await node.faucet.fund(newcomer.address, 200_000n);
    await mineAndSync();

    const { setup, purchase } = buildChainedPurchase({
      listings: [listing],
      buyer: buyerOf(newcomer, buyerOrdinals, await coinsOf(newcomer)),
      platformFee: { address: platform.address, value: PLATFORM_FEE },
      feeRate: FEE_RATE,
      network: 'regtest',
    });
    const setupFinal = finalizeSignedPsbt(signAsBuyer(setup, newcomer), setup);
    const purchaseFinal = mergeAndFinalizePurchase(signAsBuyer(purchase, newcomer), purchase, [
      listing,
    ]);
    expect(setupFinal.txid).toBe(setup.txid);
    const verdicts = await testMempoolAccept([setupFinal.hex, purchaseFinal.hex]);
    expect(verdicts).toMatchObject([
      { txid: setup.txid, allowed: true },
      { txid: purchaseFinal.txid, allowed: true },
    ]);

    await node.node.rpc.sendRawTransaction(setupFinal.hex);
    await node.node.rpc.sendRawTransaction(purchaseFinal.hex);
    await mineAndSync();
    await expectPaid(purchaseFinal.txid, [seller], purchase);
    expect(await satpointOf(id)).toBe(`${purchaseFinal.txid}:1:0`);
  });

  it('two items in one purchase, paid with the padding the first purchase left', async () => {
    const sellers = [wallet('p2tr'), wallet('p2wpkh')];
    const listed = [await listNewInscription(sellers[0]!), await listNewInscription(sellers[1]!)];
    const coins = await coinsOf(buyer);
    // Output 0 (1,200) and the two new 600-sat paddings of the first purchase: N+1 = 3.
    expect(
      coins
        .filter((c) => c.value <= 1_200n)
        .map((c) => c.value)
        .sort(),
    ).toEqual([1_200n, 600n, 600n]);

    const built = buildPurchasePsbt({
      listings: listed.map((l) => l.listing),
      buyer: buyerOf(buyer, buyerOrdinals, coins),
      platformFee: { address: platform.address, value: PLATFORM_FEE },
      feeRate: FEE_RATE,
      network: 'regtest',
    });
    const final = mergeAndFinalizePurchase(
      signAsBuyer(built, buyer),
      built,
      listed.map((l) => l.listing),
    );
    const [verdict] = await testMempoolAccept([final.hex]);
    expect(verdict).toMatchObject({ allowed: true, vsize: final.vsize });

    await node.node.rpc.sendRawTransaction(final.hex);
    await mineAndSync();
    await expectPaid(final.txid, sellers, built);
    expect(await satpointOf(listed[0]!.id)).toBe(`${final.txid}:1:0`);
    expect(await satpointOf(listed[1]!.id)).toBe(`${final.txid}:2:0`);
  });

  it('Core rejects a purchase whose payout differs from the one the seller signed', async () => {
    const seller = wallet('p2tr');
    const { listing } = await listNewInscription(seller);
    // A payout raised by 1,000 sats with the signature of the real one: our structural checks
    // pass (the forged item is self-consistent), the signature does not.
    const forged = {
      ...listing,
      payout: { ...listing.payout, value: listing.payout.value + 1_000n },
    };
    const built = buildPurchasePsbt({
      listings: [forged],
      buyer: buyerOf(buyer, buyerOrdinals, await coinsOf(buyer)),
      feeRate: FEE_RATE,
      network: 'regtest',
    });
    const final = mergeAndFinalizePurchase(signAsBuyer(built, buyer), built, [forged]);
    const [verdict] = await testMempoolAccept([final.hex]);
    expect(verdict?.allowed).toBe(false);
    expect(verdict?.['reject-reason']).toMatch(
      /script-verify-flag-failed \(Invalid Schnorr signature\)/,
    );
  });
});
