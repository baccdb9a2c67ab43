import { describe, expect, it } from 'vitest';
import { TradeError } from './trade-error.ts';
import { buildPaddingSetup } from './padding-setup.ts';
import { parsePsbt } from './codec.ts';
import { buildPurchasePsbt } from './purchase.ts';
import { psbtTxid, unsignedFormTxid } from './txid.ts';
import { NETWORK, signedListing } from './test-fixtures.ts';
import { testBuyer, testWallet } from './test-fixtures.ts';

describe('psbtTxid', () => {
  it('is the txid the padding setup computed for its unsigned transaction', () => {
    for (const type of ['p2tr', 'p2wpkh', 'p2sh-p2wpkh'] as const) {
      const buyer = testBuyer(testWallet(`txid ${type}`, type));
      const setup = buildPaddingSetup({ buyer, feeRate: 2, network: 'regtest' });
      expect(psbtTxid(setup.psbt)).toBe(setup.txid);
    }
  });

  it('a built purchase knows the txid of its unsigned form, as parsing its PSBT finds it', () => {
    for (const type of ['p2tr', 'p2wpkh', 'p2sh-p2wpkh'] as const) {
      const built = buildPurchasePsbt({
        listings: [signedListing(testWallet(`txid seller ${type}`, 'p2tr'), 0x31)],
        buyer: testBuyer(testWallet(`txid buyer ${type}`, type)),
        feeRate: 2,
        network: NETWORK,
      });
      const parsed = parsePsbt(built.psbt);
      expect(unsignedFormTxid(built.psbt)).toBe(built.unsignedTxid);
      // A PSBT parsed already is taken as it is, not parsed again.
      expect(parsePsbt(parsed)).toBe(parsed);
      expect(unsignedFormTxid(parsed)).toBe(built.unsignedTxid);
    }
  });

  it('refuses bytes that are no PSBT', () => {
    expect(() => psbtTxid(new Uint8Array([1, 2, 3]))).toThrow(TradeError);
  });
});
