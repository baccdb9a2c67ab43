import { describe, expect, it } from 'vitest';
import { bytesToBase64, bytesToHex } from '../bytes.ts';
import { parsePsbt } from './codec.ts';
import { checkListingPsbt, type ListingCheckRequest } from './listing-check.ts';
import { buildListingPsbt } from './listing.ts';
import { inscriptionUtxo, NETWORK, testMultisig, testWallet } from './test-fixtures.ts';

const seller = testWallet('listing check seller', 'p2tr');
const thief = testWallet('listing check thief', 'p2tr');
const utxos = [inscriptionUtxo(seller, 0x61), inscriptionUtxo(seller, 0x62)];
const request: ListingCheckRequest = {
  network: NETWORK,
  ownAddresses: [seller.address],
  items: utxos.map((utxo, i) => ({ outpoint: utxo, price: [50_000n, 120_000n][i] ?? 0n })),
};

function listingPsbt(payoutAddress = seller.address, listed = utxos): string {
  const items = listed.map((utxo, i) => ({
    inscriptionUtxo: utxo,
    price: request.items[i]?.price ?? 0n,
    payoutAddress,
  }));
  return bytesToBase64(buildListingPsbt({ items, makerFeeBps: 100, network: NETWORK }).psbt);
}

describe('checkListingPsbt', () => {
  it('reads each payout and the fee taken from it, and finds nothing wrong', () => {
    const check = checkListingPsbt(listingPsbt(), request);
    expect(check.problems).toEqual([]);
    expect(check.items[0]).toEqual({
      price: 50_000n,
      payout: 59_500n,
      payoutAddress: seller.address,
      postage: 10_000n,
      platformFee: 500n,
    });
  });

  it.each<[string, () => string, ListingCheckRequest, unknown[]]>([
    [
      'a sale paying a stranger',
      () => listingPsbt(thief.address),
      request,
      [
        { code: 'pays-stranger', item: 0, address: thief.address },
        { code: 'pays-stranger', item: 1, address: thief.address },
      ],
    ],
    [
      'fewer inputs than items',
      () => listingPsbt(seller.address, utxos.slice(0, 1)),
      request,
      [{ code: 'count-mismatch', inputs: 1, outputs: 1, items: 2 }],
    ],
    [
      'another output than the inscription',
      () => listingPsbt(),
      { ...request, items: [{ ...request.items[0]!, outpoint: undefined }, request.items[1]!] },
      [{ code: 'wrong-outpoint', item: 0 }],
    ],
    [
      "a payout below the inscription output's value",
      () => {
        const tx = parsePsbt(listingPsbt());
        tx.updateOutput(0, { amount: 5_000n });
        return bytesToBase64(tx.toPSBT());
      },
      request,
      [{ code: 'payout-mismatch', item: 0 }],
    ],
    [
      'an input without the amount it spends',
      () => {
        const tx = parsePsbt(listingPsbt());
        tx.updateInput(1, { witnessUtxo: undefined }, true);
        return bytesToBase64(tx.toPSBT());
      },
      request,
      [
        { code: 'no-amount', item: 1 },
        { code: 'payout-mismatch', item: 1 },
      ],
    ],
    [
      'an input not of the maker wallet, for a protected listing',
      () => listingPsbt(),
      { ...request, makerWitnessScript: bytesToHex(testMultisig(seller, 'maker').witnessScript) },
      [
        { code: 'not-maker-wallet', item: 0 },
        { code: 'not-maker-wallet', item: 1 },
      ],
    ],
  ])('refuses %s', (_, psbt, asked, problems) => {
    expect(checkListingPsbt(psbt(), asked).problems).toEqual(problems);
  });
});
