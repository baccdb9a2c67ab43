import { describe, expect, it } from 'vitest';
import {
  isSignedInPsbt,
  LISTED_INPUT_ROLE,
  multisigInputRole,
  PROTECTED_LISTING_INPUT_ROLE,
  walletInputRole,
} from './input-role.ts';
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

describe('multisig roles (ADR 009)', () => {
  it('a multisig input: the signer signs ALL in the PSBT, the platform co-signs', () => {
    const role = multisigInputRole('padding', 'buyer');
    expect(role).toEqual({
      kind: 'padding',
      signer: 'buyer',
      sighash: 1,
      witness: 'cosigned-psbt',
    });
    expect(isSignedInPsbt(role)).toBe(true);
  });

  it('a protected listing: the stored 0x83 signature plus the platform one, not in the PSBT', () => {
    expect(PROTECTED_LISTING_INPUT_ROLE).toMatchObject({
      sighash: 0x83,
      witness: 'cosigned-listing',
    });
    expect(isSignedInPsbt(PROTECTED_LISTING_INPUT_ROLE)).toBe(false);
    expect(isSignedInPsbt(LISTED_INPUT_ROLE)).toBe(false);
    expect(isSignedInPsbt(walletInputRole('payment', 'buyer', 'p2tr'))).toBe(true);
  });
});
