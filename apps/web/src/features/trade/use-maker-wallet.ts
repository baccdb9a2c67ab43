import type { MultisigWallet } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { useAppConfig } from '../../shared/config.queries.ts';
import { multisigQueries } from '../multisig/multisig.queries.ts';
import { multisigAccountOf } from '../multisig/multisig-wallet.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import { snipeProtectionBlocker } from './snipe-protection.ts';

/**
 * The connected wallet's maker wallet, where its protected listings sit; undefined while unknown,
 * or when the wallet cannot list protected (then nothing is asked).
 */
export function useMakerWallet(): MultisigWallet | undefined {
  const { wallet } = useWallet();
  const network = useAppConfig()?.network;
  const account =
    wallet && network && snipeProtectionBlocker(wallet) === undefined
      ? multisigAccountOf(wallet, network)
      : undefined;
  return useQuery(multisigQueries.wallet('maker', account)).data?.info;
}
