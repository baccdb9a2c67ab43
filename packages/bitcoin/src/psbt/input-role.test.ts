import { describe, expect, it } from 'vitest';
import { LISTED_INPUT_ROLE, walletInputRole } from './input-role.ts';
import type { SpendType } from './utxo.ts';

describe('walletInputRole', () => {
  it.each<[SpendType, number]>([
    ['p2tr', 0x00],
    ['p2wpkh', 0x01],
    ['p2sh-p2wpkh', 0x01],
  ])('a %s input is signed in the PSBT with sighash %i', (spend, sighash) => {
    expect(walletInputRole('padding', 'buyer', spend)).toEqual({
      kind: 'padding',
      signer: 'buyer',
      sighash,
      witness: 'signed-psbt',
    });
  });

  it('a listed input takes the stored SINGLE|ANYONECANPAY witness', () => {
    expect(LISTED_INPUT_ROLE).toMatchObject({ sighash: 0x83, witness: 'stored-listing' });
  });
});
