import { Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { finalizeSignedPsbt } from '../psbt/finalize-purchase.ts';
import {
  multisigCoin,
  NETWORK,
  PLATFORM_ADDRESS,
  prevoutsOf,
  scriptOf,
  signAsBuyer,
  signedListing,
  testCosigner,
  testMultisig,
  testWallet,
  verifyFinalTransaction,
} from '../psbt/test-fixtures.ts';
import { signPsbtWithKey } from '../sign-psbt.ts';
import { buildAuctionBid, type AuctionBidParams } from './auction-bid.ts';

const seller = testWallet('auction seller', 'p2wpkh');
const bidder = testWallet('auction bidder', 'p2wpkh');
const ordinals = testWallet('auction bidder ordinals', 'p2tr');
const wallet = testMultisig(bidder);
// The seller's floor: 20,000 sats less 1% (200), plus the 10,000-sat inscription output.
const floor = signedListing(seller, 0xe1, { price: 20_000n, protected: true });
const paddings = [multisigCoin(wallet, 0xa1, 1_000n), multisigCoin(wallet, 0xa2, 1_000n)];
const funding = [multisigCoin(wallet, 0xb1, 100_000n), multisigCoin(wallet, 0xb2, 30_000n)];

function bid(overrides: Partial<AuctionBidParams> = {}) {
  return buildAuctionBid({
    listing: floor,
    bidder: { wallet, ordinalAddress: ordinals.address, paddings, utxos: funding },
    amount: 40_000n,
    platformFee: { address: PLATFORM_ADDRESS, value: 400n },
    feeRate: 2,
    network: NETWORK,
    ...overrides,
  });
}

describe('buildAuctionBid', () => {
  it('pays the floor at the seller pair, the excess, the fee, and the inscription at offset 0', () => {
    const built = bid();
    // 10.5 + 4 × 97.25 + P2WSH 43 + P2TR 43 + P2WPKH 31 + P2WPKH 31 + P2TR 43 + P2WSH 43 = 634 vB.
    expect({ vsize: built.vsize, fee: built.fee }).toEqual({ vsize: 634, fee: 1_268n });
    const tx = Transaction.fromPSBT(built.psbt);
    const outputs = Array.from({ length: tx.outputsLength }, (_, i) => tx.getOutput(i));
    expect(outputs.map((o) => [o.script, o.amount])).toEqual([
      [wallet.script, 2_000n],
      [ordinals.script, 10_000n],
      [seller.script, 29_800n],
      [seller.script, 19_800n],
      [scriptOf(PLATFORM_ADDRESS), 400n],
      [wallet.script, 100_000n - 50_000n - 1_268n],
    ]);
    // The seller receives the bid less the fee, plus their postage: 40,000 − 400 + 10,000; the
    // bidder pays the bid, a new postage for the inscription and the network fee.
    expect(29_800n + built.excess).toBe(49_600n);
    expect(built.paid).toBe(40_000n + 10_000n + 1_268n);
    expect(built.layout).toMatchObject({
      paddingIndices: [0, 1],
      sellerIndex: 2,
      fundingIndices: [3],
      payoutIndex: 2,
      excessIndex: 3,
      platformFeeIndex: 4,
      changeIndex: 5,
    });
    expect(built.layout.inputs.map((r) => r.witness)).toEqual([
      'cosigned-psbt',
      'cosigned-psbt',
      'cosigned-listing',
      'cosigned-psbt',
    ]);
    expect(built.spent.map((c) => c.txid.slice(0, 2))).toEqual(['a1', 'a2', 'b1']);
    expect(tx.getInput(2).witnessScript).toEqual(floor.sellerInput.witnessScript);
  });

  it('settles with the platform co-signing every input: the bidder ALL, the seller 0x83', () => {
    const built = bid();
    const signed = signAsBuyer(built, bidder);
    const final = finalizeSignedPsbt(signed, built, [floor], { cosigner: testCosigner });
    expect(final.txid).toBe(built.txid);
    expect(verifyFinalTransaction(final.hex, prevoutsOf(built.psbt), [])).toEqual([
      true,
      true,
      true,
      true,
    ]);
    // Without the platform it cannot settle.
    expect(() => finalizeSignedPsbt(signed, built, [floor])).toThrow(
      expect.objectContaining({ code: 'missing-cosigner' }),
    );
  });

  it('refuses a signed PSBT whose outputs were changed, and an unsigned one', () => {
    const built = bid();
    const tampered = Transaction.fromPSBT(built.psbt);
    tampered.updateOutput(3, { amount: 1_000n });
    const forged = signPsbtWithKey(tampered.toPSBT(), bidder.key, { inputs: [0, 1, 3] });
    const options = { cosigner: testCosigner };
    expect(() => finalizeSignedPsbt(forged, built, [floor], options)).toThrow(
      expect.objectContaining({ code: 'outputs-changed' }),
    );
    expect(() => finalizeSignedPsbt(built.psbt, built, [floor], options)).toThrow(
      expect.objectContaining({ code: 'unsigned-buyer-input' }),
    );
  });

  it('leaves out an excess below dust: the bidder pays that much less', () => {
    // 20,300 − 400 − 19,800 = 100 sats: below the P2WPKH dust of 294.
    const built = bid({ amount: 20_300n });
    const tx = Transaction.fromPSBT(built.psbt);
    expect(built.excess).toBe(0n);
    expect(built.layout).toMatchObject({ excessIndex: undefined, platformFeeIndex: 3 });
    expect(tx.getOutput(3).amount).toBe(400n);
    expect(built.paid).toBe(20_300n - 100n + 10_000n + built.fee);
  });

  it.each<[string, Partial<AuctionBidParams>, string]>([
    ['a bid below the floor', { amount: 19_999n }, 'invalid-amount'],
    [
      'one padding',
      {
        bidder: {
          wallet,
          ordinalAddress: ordinals.address,
          paddings: paddings.slice(1),
          utxos: funding,
        },
      },
      'not-enough-padding',
    ],
    [
      'a padding below 546 sats',
      {
        bidder: {
          wallet,
          ordinalAddress: ordinals.address,
          paddings: [paddings[0] ?? funding[0]!, multisigCoin(wallet, 0xa3, 545n)],
          utxos: funding,
        },
      },
      'not-enough-padding',
    ],
    [
      'too little to fund it',
      {
        bidder: {
          wallet,
          ordinalAddress: ordinals.address,
          paddings,
          utxos: [multisigCoin(wallet, 0xb3, 40_000n)],
        },
      },
      'insufficient-funds',
    ],
    [
      'an inscribed funding coin',
      {
        bidder: {
          wallet,
          ordinalAddress: ordinals.address,
          paddings,
          utxos: [multisigCoin(wallet, 0xb4, 90_000n, 0, true)],
        },
      },
      'inscribed-utxo-as-payment',
    ],
    [
      'a seller input outside a maker wallet (a plain listing, snipeable)',
      { listing: signedListing(seller, 0xe2, { price: 20_000n }) },
      'unknown-witness-script',
    ],
    ['a fee rate above the cap', { feeRate: 600 }, 'fee-rate-too-high'],
    [
      'a bad ordinals address',
      {
        bidder: { wallet, ordinalAddress: 'bc1qnope', paddings, utxos: funding },
      },
      'invalid-address',
    ],
  ])('refuses %s', (_, overrides, code) => {
    expect(() => bid(overrides)).toThrow(expect.objectContaining({ code }));
  });
});
