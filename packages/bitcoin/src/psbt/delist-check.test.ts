import { describe, expect, it } from 'vitest';
import { bytesToBase64 } from '../bytes.ts';
import { parsePsbt } from './codec.ts';
import { checkDelistPsbt } from './delist-check.ts';
import { buildDelistPsbt } from './delist.ts';
import { coin, inscriptionUtxo, NETWORK, testWallet } from './test-fixtures.ts';

const ordinals = testWallet('delist check ordinals', 'p2tr');
const payment = testWallet('delist check payment', 'p2wpkh');
const thief = testWallet('delist check thief', 'p2tr');
const own = [ordinals.address, payment.address];

function delistTo(address: string): Uint8Array {
  return buildDelistPsbt({
    inscriptionUtxo: inscriptionUtxo(ordinals, 0xcd),
    sellerPayment: {
      address: payment.address,
      publicKey: payment.publicKey,
      utxos: [coin(payment, 0xb1, 100_000n)],
    },
    toAddress: address,
    feeRate: 6,
    network: NETWORK,
  }).psbt;
}

describe('checkDelistPsbt', () => {
  it('accepts a move back to the wallet', () => {
    expect(checkDelistPsbt(bytesToBase64(delistTo(ordinals.address)), own, NETWORK)).toEqual([]);
  });

  it('refuses a move elsewhere', () => {
    expect(checkDelistPsbt(bytesToBase64(delistTo(thief.address)), own, NETWORK)).toEqual([
      { code: 'pays-stranger', address: thief.address },
    ]);
  });

  it('refuses an input signed SINGLE|ANYONECANPAY', () => {
    const tx = parsePsbt(delistTo(ordinals.address));
    tx.updateInput(1, { sighashType: 0x83 });
    expect(checkDelistPsbt(bytesToBase64(tx.toPSBT()), own, NETWORK)).toEqual([
      { code: 'unsafe-sighash', indices: [1] },
    ]);
  });
});
