import {
  buildMultisigWithdrawal,
  compressedPublicKey,
  multisigWallet,
  p2wpkhAddress,
  randomPrivateKey,
} from '@om/bitcoin';
import { describe, expect, it } from 'vitest';
import { outpointsOf } from './reserved-coins.ts';

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

describe('outpointsOf', () => {
  it('reads the outpoints a PSBT spends, in input order', () => {
    const { psbt } = buildMultisigWithdrawal({
      wallet,
      utxos: [coin('aa', 1, 30_000n), coin('bb', 0, 30_000n)],
      recipientAddress: p2wpkhAddress(user, 'regtest'),
      amount: 40_000n,
      feeRate: 1,
      network: 'regtest',
    });
    expect(outpointsOf(psbt).sort()).toEqual([`${'aa'.repeat(32)}:1`, `${'bb'.repeat(32)}:0`]);
  });
});
