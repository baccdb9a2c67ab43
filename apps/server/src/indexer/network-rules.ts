import type { BitcoinNetwork } from '@om/bitcoin';
import type { NetworkRules } from './indexer.types.ts';

/** ord src/chain.rs: first_inscription_height() and jubilee_height(); halvings from Bitcoin Core. */
const RULES: Record<BitcoinNetwork, NetworkRules> = {
  mainnet: { firstInscriptionHeight: 767_430, jubileeHeight: 824_544, halvingInterval: 210_000 },
  testnet: {
    firstInscriptionHeight: 2_413_343,
    jubileeHeight: 2_544_192,
    halvingInterval: 210_000,
  },
  signet: { firstInscriptionHeight: 112_402, jubileeHeight: 175_392, halvingInterval: 210_000 },
  regtest: { firstInscriptionHeight: 0, jubileeHeight: 110, halvingInterval: 150 },
};

export function networkRules(network: BitcoinNetwork): NetworkRules {
  return { ...RULES[network] };
}

const INITIAL_SUBSIDY = 50n * 100_000_000n;

/**
 * Block subsidy: 50 BTC halved every `halvingInterval` blocks (ord crates/ordinals/src/epoch.rs,
 * Bitcoin Core GetBlockSubsidy). DELIBERATE difference from ord: ord's Height::subsidy() always uses
 * mainnet's 210,000-block halving, even on regtest, so above height 150 its assumed coinbase input
 * is larger than bitcoind's. We follow the network, so fee-spent inscriptions land where they really are.
 */
export function subsidy(height: number, halvingInterval: number): bigint {
  const halvings = Math.floor(height / halvingInterval);
  return halvings >= 64 ? 0n : INITIAL_SUBSIDY >> BigInt(halvings);
}
