import { describe, expect, it } from 'vitest';
import { bytesToBase64, bytesToHex } from '../bytes.ts';
import { buildInscriptionDeposit } from '../multisig/inscription-deposit.ts';
import { buildListingPsbt } from '../psbt/listing.ts';
import { SELLER_SIGHASH } from '../psbt/seller-signature.ts';
import { coin, inscriptionUtxo, NETWORK, testMultisig, testWallet } from '../psbt/test-fixtures.ts';
import { checkAuctionSettlementPsbt } from './auction-check.ts';
import { checkLaunchDepositPsbt, checkLaunchListingPsbt } from './launch-check.ts';

const ordinals = testWallet('launch check ordinals', 'p2tr');
const payment = testWallet('launch check payment', 'p2wpkh');
const thief = testWallet('launch check thief', 'p2tr');
const maker = testMultisig(payment, 'maker');
const makerWitnessScript = bytesToHex(maker.witnessScript);

/** Inscriptions (two unless told) listed from the maker wallet at `price`, 1% fee, paid to `payTo`. */
function listingPsbt(price = 50_000n, payTo = payment.address, bytes = [0x81, 0x82]): string {
  const items = bytes.map((byte) => ({
    inscriptionUtxo: {
      ...inscriptionUtxo(payment, byte),
      script: maker.script,
      witnessScript: maker.witnessScript,
    },
    price,
    payoutAddress: payTo,
  }));
  return bytesToBase64(buildListingPsbt({ items, makerFeeBps: 100, network: NETWORK }).psbt);
}

const signing = (indices: number[], address = payment.address, sighash = SELLER_SIGHASH) =>
  indices.map((index) => ({ index, address, sighash }));

const listing = {
  network: NETWORK,
  paymentAddress: payment.address,
  makerWitnessScript,
  inscriptionCount: 2,
  price: 50_000n,
  platformFeeBps: 100,
  inputsToSign: signing([0, 1]),
};

describe('checkLaunchListingPsbt', () => {
  it('accepts each maker wallet input sold at the phase price to the payment address', () => {
    expect(checkLaunchListingPsbt(listingPsbt(), listing)).toEqual([]);
  });

  it.each<[string, string, Partial<typeof listing>, unknown[]]>([
    [
      'a payout below the phase price after the fee',
      listingPsbt(40_000n),
      {},
      [
        { code: 'payout-below-price', item: 0, payout: 49_600n, price: 50_000n },
        { code: 'payout-below-price', item: 1, payout: 49_600n, price: 50_000n },
      ],
    ],
    [
      'a sale paying a stranger',
      listingPsbt(50_000n, thief.address),
      { inscriptionCount: 1, inputsToSign: signing([0]) },
      [
        { code: 'count-mismatch', inputs: 2, outputs: 2, items: 1 },
        { code: 'pays-stranger', item: 0, address: thief.address },
      ],
    ],
    [
      'other inputs, signers and sighashes than the batch',
      listingPsbt(),
      { inputsToSign: [...signing([1]), ...signing([2], thief.address, 0x01)] },
      [
        { code: 'inputs-not-expected', asked: [1, 2] },
        { code: 'signer-not-payment', index: 2, address: thief.address },
        { code: 'sighash-not-seller', index: 2 },
      ],
    ],
  ])('refuses %s', (_, psbt, overrides, problems) => {
    expect(checkLaunchListingPsbt(psbt, { ...listing, ...overrides })).toEqual(problems);
  });
});

describe('checkLaunchDepositPsbt', () => {
  const built = buildInscriptionDeposit({
    inscriptionUtxos: [inscriptionUtxo(ordinals, 0x83)],
    payment: {
      address: payment.address,
      publicKey: payment.publicKey,
      utxos: [coin(payment, 0x84, 100_000n)],
    },
    to: maker,
    feeRate: 6,
    network: NETWORK,
  });
  const deposit = {
    network: NETWORK,
    paymentAddress: payment.address,
    ordinalsAddress: ordinals.address,
    makerScript: maker.script,
    inscriptionCount: 1,
    inputsToSign: [
      { index: 0, address: ordinals.address, sighash: 0x00 },
      { index: 1, address: payment.address },
    ],
    maxFeeRate: 6.5,
  };

  it("accepts the batch's inscriptions moved whole to the maker wallet", () => {
    expect(checkLaunchDepositPsbt(bytesToBase64(built.psbt), deposit)).toEqual([]);
  });

  it('refuses a sighash other than ALL, and a maker wallet not the creator’s', () => {
    const psbt = bytesToBase64(built.psbt);
    const inputsToSign = [{ index: 1, address: payment.address, sighash: 0x83 }];
    expect(checkLaunchDepositPsbt(psbt, { ...deposit, inputsToSign })).toEqual([
      { code: 'deposit-sighash-not-all', index: 1 },
    ]);
    expect(checkLaunchDepositPsbt(psbt, { ...deposit, makerScript: undefined })).toEqual([
      { code: 'maker-wallet-not-yours' },
    ]);
  });
});

describe('checkAuctionSettlementPsbt', () => {
  // The floor: one maker wallet input (the deposit's output 0) at 50,000, 1% fee.
  const settlement = listingPsbt(50_000n, payment.address, [0x81]);
  const request = {
    network: NETWORK,
    paymentAddress: payment.address,
    makerWitnessScript,
    depositTxid: '81'.repeat(32),
    postage: 10_000n,
    floor: 50_000n,
    platformFeeBps: 100,
    inputsToSign: signing([0]),
  };

  it('reads the floor payout and finds nothing wrong', () => {
    const check = checkAuctionSettlementPsbt(settlement, request);
    expect(check.payout).toBe(59_500n);
    expect(check.problems).toEqual([]);
  });

  it('refuses another postage, a payout below the floor, and an unreadable PSBT', () => {
    const check = checkAuctionSettlementPsbt(settlement, {
      ...request,
      postage: 9_000n,
      floor: 70_000n,
    });
    expect(check.problems).toEqual([
      { code: 'postage-mismatch', valued: 10_000n, postage: 9_000n },
      { code: 'payout-below-floor', payout: 59_500n, floor: 70_000n },
    ]);
    expect(
      checkAuctionSettlementPsbt('bm9wZQ==', { ...request, inputsToSign: [] }).problems,
    ).toEqual([{ code: 'unreadable' }, { code: 'inputs-not-expected', asked: [] }]);
  });
});
