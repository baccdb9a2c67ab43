import { describe, expect, it } from 'vitest';
import { TradeError } from './trade-error.ts';
import { buildPaddingSetup } from './padding-setup.ts';
import { psbtTxid } from './txid.ts';
import { testBuyer, testWallet } from './test-fixtures.ts';

describe('psbtTxid', () => {
  it('is the txid the padding setup computed for its unsigned transaction', () => {
    for (const type of ['p2tr', 'p2wpkh', 'p2sh-p2wpkh'] as const) {
      const buyer = testBuyer(testWallet(`txid ${type}`, type));
      const setup = buildPaddingSetup({ buyer, feeRate: 2, network: 'regtest' });
      expect(psbtTxid(setup.psbt)).toBe(setup.txid);
    }
  });

  it('refuses bytes that are no PSBT', () => {
    expect(() => psbtTxid(new Uint8Array([1, 2, 3]))).toThrow(TradeError);
  });
});
