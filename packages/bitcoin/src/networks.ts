import { NETWORK, TEST_NETWORK } from '@scure/btc-signer';

export const BITCOIN_NETWORKS = ['mainnet', 'testnet', 'signet', 'regtest'] as const;
export type BitcoinNetwork = (typeof BITCOIN_NETWORKS)[number];

/** scure's network parameters; testnet and signet share prefixes, regtest has its own bech32 hrp. */
export type BtcNetworkParams = typeof NETWORK;

const REGTEST_NETWORK: BtcNetworkParams = { ...TEST_NETWORK, bech32: 'bcrt' };

export function networkParams(network: BitcoinNetwork): BtcNetworkParams {
  switch (network) {
    case 'mainnet':
      return NETWORK;
    case 'testnet':
    case 'signet':
      return TEST_NETWORK;
    case 'regtest':
      return REGTEST_NETWORK;
  }
}
