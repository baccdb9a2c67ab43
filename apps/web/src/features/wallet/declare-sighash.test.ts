// @vitest-environment node
import { addressToScript, buildListingPsbt, bytesToBase64, parsePsbt } from '@om/bitcoin';
import { describe, expect, it } from 'vitest';
import { declareRequestedSighashes } from './declare-sighash.ts';

const ADDRESS = 'bcrt1pmfr3p9j00pfxjh0zmgp99y8zftmd3s5pmedqhyptwy6lm87hf5ssm803es';

function listingPsbt({ declared }: { declared: boolean }): string {
  const script = addressToScript(ADDRESS, 'regtest')!;
  const { psbt } = buildListingPsbt({
    items: [
      {
        inscriptionUtxo: { txid: 'ab'.repeat(32), vout: 0, value: 10_000n, script },
        price: 50_000n,
        payoutAddress: ADDRESS,
      },
    ],
    makerFeeBps: 100,
    network: 'regtest',
  });
  const tx = parsePsbt(psbt);
  if (!declared) tx.updateInput(0, { sighashType: undefined });
  return bytesToBase64(tx.toPSBT());
}

const sighashOf = (psbt: string) => parsePsbt(psbt).getInput(0).sighashType;

describe('declareRequestedSighashes', () => {
  it('declares a requested sighash the input lacks', () => {
    const psbt = listingPsbt({ declared: false });
    const declared = declareRequestedSighashes(psbt, [
      { index: 0, address: ADDRESS, sighashTypes: [0x83] },
    ]);
    expect(sighashOf(psbt)).toBeUndefined();
    expect(sighashOf(declared)).toBe(0x83);
  });

  it('leaves the PSBT untouched when it already declares it, or nothing is asked', () => {
    const psbt = listingPsbt({ declared: true });
    const request = [{ index: 0, address: ADDRESS, sighashTypes: [0x83] }];
    expect(declareRequestedSighashes(psbt, request)).toBe(psbt);
    expect(declareRequestedSighashes(psbt, [{ index: 0, address: ADDRESS }])).toBe(psbt);
    expect(declareRequestedSighashes(psbt, undefined)).toBe(psbt);
  });

  it('refuses an input the PSBT does not have', () => {
    const psbt = listingPsbt({ declared: true });
    expect(() =>
      declareRequestedSighashes(psbt, [{ index: 3, address: ADDRESS, sighashTypes: [0x83] }]),
    ).toThrow('The PSBT has no input 3');
  });
});
