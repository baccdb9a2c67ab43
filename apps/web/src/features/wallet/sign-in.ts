import {
  AuthChallengePayloadSchema,
  AuthVerifyPayloadSchema,
  type AuthVerifyPayload,
  type Network,
} from '@om/core';
import { isValidAddress } from '@om/bitcoin';
import { api } from '../../lib/api-client.ts';
import { shortenAddress } from '../../lib/format.ts';
import type { WalletAdapter, WalletAddresses } from './wallet.types.ts';

/**
 * Sign-in with Bitcoin: the server hands out a single-use message, the wallet signs it with the
 * payment address (BIP-322), and the server answers a bearer token for that address.
 */
export async function signIn(
  adapter: WalletAdapter,
  { paymentAddress, paymentPublicKey }: WalletAddresses,
): Promise<AuthVerifyPayload> {
  const { message } = await api.post(
    '/api/auth/challenge',
    { address: paymentAddress },
    AuthChallengePayloadSchema,
  );
  const signature = await adapter.signMessage(message, paymentAddress);
  return api.post(
    '/api/auth/verify',
    { address: paymentAddress, publicKey: paymentPublicKey, signature },
    AuthVerifyPayloadSchema,
  );
}

/** A wallet on another network would sign for addresses this deployment cannot use. */
export function assertWalletNetwork(addresses: WalletAddresses, network: Network): void {
  for (const address of [addresses.paymentAddress, addresses.ordinalsAddress]) {
    if (!isValidAddress(address, network)) {
      throw new Error(
        `Switch your wallet to ${network}: ${shortenAddress(address)} is not a ${network} address.`,
      );
    }
  }
}
