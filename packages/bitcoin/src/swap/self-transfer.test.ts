import { describe, expect, it } from 'vitest';
import { Transaction } from '@scure/btc-signer';
import { hexToBytes } from '../bytes.ts';
import { chargeOf } from '../inscriptions/inscribe-order.ts';
import { InscribeError } from '../inscriptions/inscribe.ts';
import { buildSelfTransfer } from './self-transfer.ts';

const key = new Uint8Array(32).fill(7);
const pool = chargeOf(key, 'regtest');
const inscription = { txid: 'aa'.repeat(32), vout: 0, value: 546n };

describe('buildSelfTransfer', () => {
  it('sends the inscription whole to the pool as output 0, the coin pays the fee, change back', () => {
    const coin = { txid: 'bb'.repeat(32), vout: 1, value: 10_000n };
    const tx = buildSelfTransfer({
      privateKey: key,
      inscription,
      coin,
      feeRate: 2,
      network: 'regtest',
    });
    const parsed = Transaction.fromRaw(hexToBytes(tx.hex), { allowUnknownOutputs: true });
    expect(parsed.inputsLength).toBe(2);
    expect(parsed.getOutput(0)).toMatchObject({ amount: 546n, script: pool.script });
    expect(parsed.getOutput(1)).toMatchObject({ amount: 10_000n - tx.fee, script: pool.script });
    expect(tx.fee).toBe(BigInt(tx.vsize * 2));
  });

  it('refuses a coin that cannot pay the fee and a change above dust', () => {
    const coin = { txid: 'bb'.repeat(32), vout: 1, value: 600n };
    expect(() =>
      buildSelfTransfer({ privateKey: key, inscription, coin, feeRate: 2, network: 'regtest' }),
    ).toThrow(InscribeError);
  });
});
