import { CONNECT_YOUR_WALLET_NO_PERIOD, WALLET_NOT_CONFIGURED } from '@om/core';
import type { ReactNode } from 'react';
import { Loading } from '../../components/ui/load-state.tsx';
import { EmptyState } from '../../components/ui/page.tsx';
import { useAppConfig } from '../../shared/config.queries.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import { userKeyOf, type MultisigAccount } from './multisig-wallet.ts';

/**
 * What both multisig pages need first: a connected wallet ('Please connect your wallet',
 * product.md#market-side's wording here) whose payment key is compressed ('Wallet is not
 * configured correctly.'), and the network.
 */
export function MultisigAccountGate({
  children,
}: {
  children: (account: MultisigAccount) => ReactNode;
}) {
  const { wallet } = useWallet();
  const config = useAppConfig();
  if (!wallet) {
    return (
      <EmptyState title={CONNECT_YOUR_WALLET_NO_PERIOD}>
        Your multisig wallet belongs to the wallet you sign in with.
      </EmptyState>
    );
  }
  const userPublicKey = userKeyOf(wallet);
  if (!userPublicKey) {
    return (
      <EmptyState title={WALLET_NOT_CONFIGURED}>
        A multisig wallet is built on the compressed (33-byte) public key of your payment address;
        your wallet gives another kind of key.
      </EmptyState>
    );
  }
  if (!config) return <Loading what="the configuration" />;
  return children({ account: wallet, userPublicKey, network: config.network });
}
