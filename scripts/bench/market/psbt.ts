import {
  addressToScript,
  buildListingPsbt,
  buildPurchasePsbt,
  compressedPublicKey,
  mergeAndFinalizePurchase,
  p2trAddress,
  p2wpkhAddress,
  privateKeyFromHex,
  signPsbtWithKey,
  verifySignedListing,
  type SignedListedItem,
  type WalletUtxo,
} from '@om/bitcoin';
import { median } from '../bench-report.ts';

// The trading core's cost per purchase, without a node: a P2TR seller's listing (signed once), then
// `runs` times a P2WPKH buyer with two paddings buys it: build the PSBT, the buyer signs (as a
// wallet would), the server merges, verifies and finalizes. Coins are made up; nothing here
// touches a chain.

const NETWORK = 'regtest' as const;

function wallet(seed: string, type: 'p2tr' | 'p2wpkh') {
  const key = privateKeyFromHex(seed.repeat(64 / seed.length));
  const publicKey = compressedPublicKey(key);
  const address = (type === 'p2tr' ? p2trAddress : p2wpkhAddress)(publicKey, NETWORK);
  const script = addressToScript(address, NETWORK);
  if (!script) throw new Error(`no script for ${address}`);
  return { key, publicKey, address, script };
}

const coin = (owner: { script: Uint8Array }, byte: string, value: bigint): WalletUtxo => ({
  txid: byte.repeat(32),
  vout: 0,
  value,
  script: owner.script,
  inscribed: false,
});

export interface PsbtFigures {
  runs: number;
  /** Medians in ms. */
  verifyListingMs: number;
  buildMs: number;
  buyerSignMs: number;
  mergeMs: number;
  /** build + merge: the server's part of a purchase. */
  serverMs: number;
}

function timed<T>(samples: number[], run: () => T): T {
  const start = performance.now();
  const result = run();
  samples.push(performance.now() - start);
  return result;
}

export function measurePsbt(runs: number): PsbtFigures {
  const seller = wallet('a1', 'p2tr');
  const buyer = wallet('b2', 'p2wpkh');
  const ordinals = wallet('c3', 'p2tr');
  const platform = wallet('d4', 'p2tr');
  const listed = buildListingPsbt({
    items: [
      {
        inscriptionUtxo: { ...coin(seller, '11', 10_000n), publicKey: seller.publicKey },
        price: 50_000n,
        payoutAddress: seller.address,
      },
    ],
    makerFeeBps: 100,
    network: NETWORK,
  });
  const signedListing = signPsbtWithKey(listed.psbt, seller.key);
  const coins = [coin(buyer, '21', 600n), coin(buyer, '22', 600n), coin(buyer, '23', 300_000n)];
  const samples = {
    verify: [] as number[],
    build: [] as number[],
    sign: [] as number[],
    merge: [] as number[],
  };
  for (let i = 0; i < runs; i += 1) {
    const verified = timed(samples.verify, () => verifySignedListing(signedListing, listed.items));
    if (!verified.ok) throw new Error(`listing refused: ${JSON.stringify(verified.problems)}`);
    const listing: SignedListedItem = verified.signatures[0]!;
    const built = timed(samples.build, () =>
      buildPurchasePsbt({
        listings: [listing],
        buyer: {
          paymentAddress: buyer.address,
          paymentPublicKey: buyer.publicKey,
          ordinalAddress: ordinals.address,
          paddingUtxos: coins.slice(0, 2),
          paymentUtxos: coins.slice(2),
        },
        platformFee: { address: platform.address, value: 1_000n },
        feeRate: 2,
        network: NETWORK,
      }),
    );
    const inputs = built.layout.inputs.flatMap((r, index) =>
      r.witness === 'signed-psbt' ? [index] : [],
    );
    const signed = timed(samples.sign, () => signPsbtWithKey(built.psbt, buyer.key, { inputs }));
    timed(samples.merge, () => mergeAndFinalizePurchase(signed, built, [listing]));
  }
  const server = samples.build.map((ms, i) => ms + samples.merge[i]!);
  return {
    runs,
    verifyListingMs: median(samples.verify),
    buildMs: median(samples.build),
    buyerSignMs: median(samples.sign),
    mergeMs: median(samples.merge),
    serverMs: median(server),
  };
}
