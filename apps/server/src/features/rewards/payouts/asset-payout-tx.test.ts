import { chargeOf, equalBytes, hexToBytes, InscribeError, randomPrivateKey } from '@om/bitcoin';
import { RawTx } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { buildInscriptionMove } from './asset-payout-tx.ts';

const key = () => {
  const privateKey = randomPrivateKey();
  return { privateKey, script: chargeOf(privateKey, 'regtest').script };
};
const wallet = key();
const winner = key();
const coin = (n: number, value: bigint) => ({
  txid: n.toString(16).padStart(64, '0'),
  vout: 0,
  value,
  script: wallet.script,
  privateKey: wallet.privateKey,
});

describe('buildInscriptionMove', () => {
  it('moves the carrier whole as input 0 to output 0, the fee from the coins, change back', () => {
    const carrier = coin(1, 7_000n);
    const tx = buildInscriptionMove({
      carrier,
      coins: [coin(2, 1_000n), coin(3, 20_000n)],
      to: winner.script,
      change: wallet.script,
      feeRate: 2,
      network: 'regtest',
    });
    const raw = RawTx.decode(hexToBytes(tx.hex));
    expect(raw.inputs.map((i) => i.index)).toEqual([0, 0]);
    expect(raw.inputs[0]?.txid).toEqual(hexToBytes(carrier.txid));
    expect(raw.outputs[0]?.amount).toBe(7_000n);
    expect(equalBytes(raw.outputs[0]?.script ?? new Uint8Array(), winner.script)).toBe(true);
    expect(raw.outputs).toHaveLength(2);
    expect(raw.outputs[1]?.amount).toBe(20_000n - tx.fee);
    expect(tx.fee).toBe(BigInt(Math.ceil(tx.vsize * 2)));
  });

  it('never pays the fee from the postage: no coins, insufficient funds', () => {
    expect(() =>
      buildInscriptionMove({
        carrier: coin(1, 7_000n),
        coins: [],
        to: winner.script,
        change: wallet.script,
        feeRate: 2,
        network: 'regtest',
      }),
    ).toThrow(InscribeError);
  });
});
