import { describe, expect, it } from 'vitest';
import { BITCOIN_NETWORKS } from '@om/bitcoin';
import { BRC20_ACTIVATION, brc20Activation } from './brc20-activation.ts';

describe('BRC-20 activation heights (OPI config.rs)', () => {
  it('has every rule from block 0 on regtest', () => {
    expect(brc20Activation('regtest')).toEqual({
      firstInscriptionHeight: 0,
      firstBrc20Height: 0,
      selfMintHeight: 0,
    });
  });
  it("has OPI's mainnet heights", () => {
    expect(brc20Activation('mainnet')).toEqual({
      firstInscriptionHeight: 767_430,
      firstBrc20Height: 779_832,
      selfMintHeight: 837_090,
    });
  });
  it('covers every network we run on', () => {
    expect(Object.keys(BRC20_ACTIVATION).sort()).toEqual([...BITCOIN_NETWORKS].sort());
  });
});
