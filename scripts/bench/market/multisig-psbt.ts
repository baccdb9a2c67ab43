import {
  addressToScript,
  buildListingPsbt,
  buildMultisigPaddingSetup,
  buildPurchasePsbt,
  bytesToHex,
  compressedPublicKey,
  derivePlatformKey,
  finalizeSignedPsbt,
  isSignedInPsbt,
  mergeAndFinalizePurchase,
  multisigWallet,
  p2trAddress,
  p2wpkhAddress,
  platformKeyForScript,
  privateKeyFromHex,
  signPsbtWithKey,
  verifySignedListing,
  type InputRole,
  type SignedListedItem,
  type WalletUtxo,
} from '@om/bitcoin';
import { median } from '../bench-report.ts';

// ADR 009's part of the trading core, without a node: a snipe-protected purchase (a maker-wallet
// listing co-signed by the platform; the buyer's paddings their own, or from their multisig
// wallet, co-signed too) and a multisig padding setup, each
// built, signed by the user as a wallet would, then co-signed, verified and finalized by the
// server. The server's time is build + co-sign/finalize; the user's signing is reported apart.

const NETWORK = 'regtest' as const;
const SECRET = new Uint8Array(32).fill(0x5e);
// Memoized per script, as the server's cosigner is (apps/server/src/trading/cosigner.ts).
const cosignerKeys = new Map<string, { privateKey: Uint8Array; publicKey: Uint8Array }>();
const cosigner = (script: Uint8Array) => {
  const hex = bytesToHex(script);
  if (!cosignerKeys.has(hex)) {
    const privateKey = platformKeyForScript(SECRET, script);
    if (!privateKey) return undefined;
    cosignerKeys.set(hex, { privateKey, publicKey: compressedPublicKey(privateKey) });
  }
  return cosignerKeys.get(hex);
};

function keyWallet(seed: string, type: 'p2tr' | 'p2wpkh') {
  const key = privateKeyFromHex(seed.repeat(64 / seed.length));
  const publicKey = compressedPublicKey(key);
  const address = (type === 'p2tr' ? p2trAddress : p2wpkhAddress)(publicKey, NETWORK);
  const script = addressToScript(address, NETWORK);
  if (!script) throw new Error(`no script for ${address}`);
  return { key, publicKey, address, script };
}

function multisigOf(user: { publicKey: Uint8Array }, kind: 'multisig' | 'maker') {
  const platform = compressedPublicKey(derivePlatformKey(SECRET, kind, user.publicKey));
  return multisigWallet(user.publicKey, platform, NETWORK);
}

const coin = (script: Uint8Array, byte: string, value: bigint): WalletUtxo => ({
  txid: byte.repeat(32),
  vout: 0,
  value,
  script,
  inscribed: false,
});

export interface MultisigPsbtFigures {
  runs: number;
  /** Medians in ms. */
  protectedBuildMs: number;
  protectedSignMs: number;
  protectedCosignMs: number;
  /** build + co-sign, verify and finalize: the server's part of a protected purchase. */
  protectedServerMs: number;
  /** The same when the buyer's paddings come from their multisig wallet (three co-signed inputs). */
  multisigPaddingServerMs: number;
  paddingBuildMs: number;
  paddingSignMs: number;
  paddingCosignMs: number;
  paddingServerMs: number;
}

function timed<T>(samples: number[], run: () => T): T {
  const start = performance.now();
  const result = run();
  samples.push(performance.now() - start);
  return result;
}

export function measureMultisigPsbt(runs: number): MultisigPsbtFigures {
  const seller = keyWallet('a5', 'p2wpkh');
  const buyer = keyWallet('b6', 'p2wpkh');
  const ordinals = keyWallet('c7', 'p2tr');
  const fees = keyWallet('d8', 'p2tr');
  const maker = multisigOf(seller, 'maker');
  const buyerMultisig = multisigOf(buyer, 'multisig');

  // The seller's listing from the maker wallet, signed 0x83 once, as the server stores it.
  const listed = buildListingPsbt({
    items: [
      {
        inscriptionUtxo: {
          ...coin(maker.script, '31', 10_000n),
          publicKey: seller.publicKey,
          witnessScript: maker.witnessScript,
        },
        price: 50_000n,
        payoutAddress: seller.address,
      },
    ],
    makerFeeBps: 100,
    network: NETWORK,
  });
  const verified = verifySignedListing(signPsbtWithKey(listed.psbt, seller.key), listed.items);
  if (!verified.ok) throw new Error(`listing refused: ${JSON.stringify(verified.problems)}`);
  const listing: SignedListedItem = verified.signatures[0]!;
  const paddings = [
    coin(buyerMultisig.script, '41', 1_000n),
    coin(buyerMultisig.script, '42', 1_000n),
  ];
  const payments = [coin(buyer.script, '43', 300_000n)];
  const walletCoins = [coin(buyerMultisig.script, '44', 100_000n)];

  const ownPaddings = [coin(buyer.script, '45', 600n), coin(buyer.script, '46', 600n)];
  const s = {
    build: [] as number[],
    sign: [] as number[],
    cosign: [] as number[],
    msBuild: [] as number[],
    msCosign: [] as number[],
    padBuild: [] as number[],
    padSign: [] as number[],
    padCosign: [] as number[],
  };
  const purchase = (multisigPadding: boolean) =>
    buildPurchasePsbt({
      listings: [listing],
      buyer: {
        paymentAddress: buyer.address,
        paymentPublicKey: buyer.publicKey,
        ordinalAddress: ordinals.address,
        paddingUtxos: multisigPadding ? [] : ownPaddings,
        paymentUtxos: payments,
        ...(multisigPadding ? { multisigPadding: { wallet: buyerMultisig, utxos: paddings } } : {}),
      },
      platformFee: { address: fees.address, value: 1_000n },
      feeRate: 2,
      network: NETWORK,
      ...(multisigPadding ? { paddingValue: 1_000n } : {}),
    });
  const buyerSigns = (built: { psbt: Uint8Array; layout: { inputs: readonly InputRole[] } }) => {
    const inputs = built.layout.inputs.flatMap((r, index) => (isSignedInPsbt(r) ? [index] : []));
    return signPsbtWithKey(built.psbt, buyer.key, { inputs });
  };
  for (let i = 0; i < runs; i += 1) {
    // The protected purchase as most buyers make it: their own paddings, the seller's input
    // co-signed by the platform.
    const built = timed(s.build, () => purchase(false));
    const signed = timed(s.sign, () => buyerSigns(built));
    timed(s.cosign, () => mergeAndFinalizePurchase(signed, built, [listing], { cosigner }));

    // The same with paddings from the buyer's multisig wallet: two more co-signed inputs.
    const withMultisig = timed(s.msBuild, () => purchase(true));
    const signedMultisig = buyerSigns(withMultisig);
    timed(s.msCosign, () =>
      mergeAndFinalizePurchase(signedMultisig, withMultisig, [listing], { cosigner }),
    );

    const setup = timed(s.padBuild, () =>
      buildMultisigPaddingSetup({
        wallet: buyerMultisig,
        utxos: walletCoins,
        count: 3,
        value: 1_000n,
        feeRate: 2,
        network: NETWORK,
      }),
    );
    const signedSetup = timed(s.padSign, () => signPsbtWithKey(setup.psbt, buyer.key));
    timed(s.padCosign, () => finalizeSignedPsbt(signedSetup, setup, [], { cosigner }));
  }
  const sum = (a: number[], b: number[]) => a.map((ms, i) => ms + b[i]!);
  return {
    runs,
    protectedBuildMs: median(s.build),
    protectedSignMs: median(s.sign),
    protectedCosignMs: median(s.cosign),
    protectedServerMs: median(sum(s.build, s.cosign)),
    multisigPaddingServerMs: median(sum(s.msBuild, s.msCosign)),
    paddingBuildMs: median(s.padBuild),
    paddingSignMs: median(s.padSign),
    paddingCosignMs: median(s.padCosign),
    paddingServerMs: median(sum(s.padBuild, s.padCosign)),
  };
}
