import type { BitcoinNetwork } from '@om/bitcoin';

/**
 * The heights from which OPI applies each BRC-20 rule, per network, from its one table
 * (bestinslot-xyz/OPI modules/brc20_index/src/config/config.rs 5–34). Regtest has every rule from
 * block 0, so a regtest chain exercises them all.
 */
export interface Brc20Activation {
  /** OPI stores a block event hash from here on (FIRST_INSCRIPTION_HEIGHTS); the first one's cumulative hash is its own. */
  firstInscriptionHeight: number;
  /** Below this no BRC-20 operation is processed: such blocks hash as empty (FIRST_BRC20_HEIGHTS). */
  firstBrc20Height: number;
  /** 5-byte ticks (bp04 self-mint) deploy only from here (SELF_MINT_ACTIVATION_HEIGHTS). */
  selfMintHeight: number;
}

// 'testnet' is testnet3 (bitcoind -testnet); OPI has a separate Testnet4 row, all zeros.
export const BRC20_ACTIVATION: Record<BitcoinNetwork, Brc20Activation> = {
  mainnet: { firstInscriptionHeight: 767_430, firstBrc20Height: 779_832, selfMintHeight: 837_090 },
  testnet: {
    firstInscriptionHeight: 2_413_343,
    firstBrc20Height: 2_413_343,
    selfMintHeight: 2_413_343,
  },
  signet: { firstInscriptionHeight: 112_402, firstBrc20Height: 112_402, selfMintHeight: 0 },
  regtest: { firstInscriptionHeight: 0, firstBrc20Height: 0, selfMintHeight: 0 },
};

export function brc20Activation(network: BitcoinNetwork): Brc20Activation {
  return BRC20_ACTIVATION[network];
}
