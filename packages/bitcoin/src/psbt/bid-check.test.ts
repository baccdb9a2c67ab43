import { describe, expect, it } from 'vitest';
import { bytesToBase64 } from '../bytes.ts';
import { buildAuctionBid } from '../multisig/auction-bid.ts';
import { checkBidPsbt, type BidCheckRequest } from './bid-check.ts';
import { parsePsbt } from './codec.ts';
import {
  multisigCoin,
  NETWORK,
  PLATFORM_ADDRESS,
  signedListing,
  testMultisig,
  testWallet,
} from './test-fixtures.ts';

const seller = testWallet('bid check seller', 'p2wpkh');
const bidder = testWallet('bid check bidder', 'p2wpkh');
const ordinals = testWallet('bid check bidder ordinals', 'p2tr');
const thief = testWallet('bid check thief', 'p2tr');
const wallet = testMultisig(bidder);
const floor = signedListing(seller, 0xe5, { price: 20_000n, protected: true });
const built = buildAuctionBid({
  listing: floor,
  bidder: {
    wallet,
    ordinalAddress: ordinals.address,
    paddings: [multisigCoin(wallet, 0xa5, 1_000n), multisigCoin(wallet, 0xa6, 1_000n)],
    utxos: [multisigCoin(wallet, 0xb5, 100_000n)],
  },
  amount: 40_000n,
  platformFee: { address: PLATFORM_ADDRESS, value: 400n },
  feeRate: 2,
  network: NETWORK,
});
const psbt = bytesToBase64(built.psbt);
const { paddingIndices, fundingIndices, sellerIndex } = built.layout;
const request: BidCheckRequest = {
  network: NETWORK,
  bidder: {
    paymentAddress: bidder.address,
    ordinalAddress: ordinals.address,
    multisigAddress: wallet.address,
  },
  item: {
    inscriptionId: `${'a7'.repeat(32)}i0`,
    outpoint: floor.sellerInput,
    inscriptionOffset: 0n,
  },
  amount: 40_000n,
  maxFeeRate: 2.5,
  platformFeeAddress: PLATFORM_ADDRESS,
  dustSats: 546n,
  inputsToSign: [...paddingIndices, ...fundingIndices].map((index) => ({
    index,
    address: bidder.address,
    sighash: 1,
  })),
  quote: { networkFee: built.fee, total: built.paid },
};

function tampered(edit: (tx: ReturnType<typeof parsePsbt>) => void): string {
  const tx = parsePsbt(psbt);
  edit(tx);
  return bytesToBase64(tx.toPSBT());
}

describe('checkBidPsbt', () => {
  it('finds the amounts adding up and the inscription going to the bidder', () => {
    const check = checkBidPsbt(psbt, request);
    expect(check.problems).toEqual([]);
    expect(check).toMatchObject({
      winnerAddress: ordinals.address,
      sellerGets: 39_600n,
      platformFee: 400n,
      postage: 10_000n,
      networkFee: built.fee,
      total: built.paid,
    });
  });

  it.each<[string, () => [string, BidCheckRequest], unknown[]]>([
    [
      'an auction without output',
      () => [psbt, { ...request, item: { ...request.item, outpoint: undefined } }],
      [{ code: 'no-outpoint' }],
    ],
    [
      'the inscription to a stranger',
      () => [tampered((tx) => tx.updateOutput(1, { script: thief.script })), request],
      [
        { code: 'inscription-not-to-bidder', address: thief.address },
        { code: 'unknown-output', index: 1, address: thief.address },
      ],
    ],
    [
      'a fee output when the platform takes none',
      () => [psbt, { ...request, platformFeeAddress: '' }],
      [{ code: 'unknown-output', index: 4, address: PLATFORM_ADDRESS }],
    ],
    [
      'another inscription than the auctioned one',
      () => [
        psbt,
        { ...request, item: { ...request.item, outpoint: { txid: 'd8'.repeat(32), vout: 0 } } },
      ],
      expect.arrayContaining([{ code: 'item-not-in-psbt' }]),
    ],
    [
      'a bid below what the seller gets',
      () => [psbt, { ...request, amount: 30_000n }],
      [{ code: 'payment-mismatch', paid: 40_000n, amount: 30_000n }],
    ],
    [
      "signing the seller's input, another's, by another key, not ALL",
      () => [
        psbt,
        {
          ...request,
          inputsToSign: [
            { index: sellerIndex, address: bidder.address, sighash: 1 },
            { index: 9, address: thief.address, sighash: 0x83 },
          ],
        },
      ],
      [
        { code: 'signs-seller-input', index: sellerIndex },
        { code: 'signs-foreign-input', index: 9 },
        { code: 'signer-not-payment', index: 9, address: thief.address },
        { code: 'sighash-not-all', index: 9 },
      ],
    ],
    [
      'an unsafe sighash on a bidder input',
      () => [tampered((tx) => tx.updateInput(0, { sighashType: 0x02 })), request],
      [{ code: 'unsafe-sighash', indices: [0] }],
    ],
    [
      'a fee rate above the highest accepted',
      () => [psbt, { ...request, maxFeeRate: 1 }],
      [{ code: 'fee-rate-too-high', feeRate: 2 }],
    ],
    [
      'a quote of other amounts',
      () => [psbt, { ...request, quote: { networkFee: 1n, total: 2n } }],
      [
        { code: 'quoted-fee-mismatch', quoted: 1n, actual: built.fee },
        { code: 'quoted-total-mismatch', quoted: 2n, actual: built.paid },
      ],
    ],
    [
      'an input of a stranger',
      () => [
        tampered((tx) =>
          tx.updateInput(0, { witnessUtxo: { script: thief.script, amount: 1_000n } }),
        ),
        request,
      ],
      expect.arrayContaining([{ code: 'unknown-input', index: 0 }]),
    ],
  ])('refuses %s', (_, make, problems) => {
    const [edited, asked] = make();
    expect(checkBidPsbt(edited, asked).problems).toEqual(problems);
  });
});
