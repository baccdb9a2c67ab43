import {
  buildMultisigWithdrawal,
  bytesToBase64,
  compressedPublicKey,
  multisigWallet,
  p2wpkhAddress,
  randomPrivateKey,
} from '@om/bitcoin';
import { describe, expect, it } from 'vitest';
import { spentOutpoints } from './reserved-coins.guard.ts';

const user = compressedPublicKey(randomPrivateKey());
const platform = compressedPublicKey(randomPrivateKey());
const wallet = multisigWallet(user, platform, 'regtest');
const coin = (byte: string, vout: number, value: bigint) => ({
  txid: byte.repeat(32),
  vout,
  value,
  script: wallet.script,
  inscribed: false,
});

describe('spentOutpoints', () => {
  it('reads the inputs of every psbt-named field, and nothing else', () => {
    const { psbt } = buildMultisigWithdrawal({
      wallet,
      utxos: [coin('aa', 1, 30_000n), coin('bb', 0, 30_000n)],
      recipientAddress: p2wpkhAddress(user, 'regtest'),
      amount: 40_000n,
      feeRate: 1,
      network: 'regtest',
    });
    const signed = bytesToBase64(psbt);
    expect(spentOutpoints({ userSignedPsbtBase64: signed, note: signed }).sort()).toEqual([
      `${'aa'.repeat(32)}:1`,
      `${'bb'.repeat(32)}:0`,
    ]);
    expect(spentOutpoints({ signedPsbt: 'AAAA', signedPSBT: 42 })).toEqual([]);
    expect(spentOutpoints(undefined)).toEqual([]);
    expect(spentOutpoints('signedPsbt')).toEqual([]);
  });
});
