import type { MultisigKind } from '@om/core';
import { queryOptions, skipToken, type QueryClient } from '@tanstack/react-query';
import { configQueries } from '../../shared/config.queries.ts';
import type { WalletAccount } from '../wallet/wallet.types.ts';
import { multisigApi } from './multisig.api.ts';
import {
  multisigAccountOf,
  verifyWallet,
  WalletCheckError,
  type MultisigAccount,
  type VerifiedWallet,
} from './multisig-wallet.ts';

/**
 * product.md#constants-and-limits polling: the multisig balance every minute, its transactions
 * every 10 minutes.
 */
const BALANCE_POLL_MS = 60_000;
const TRANSACTIONS_POLL_MS = 10 * 60_000;

/** The user's multisig and maker wallets; every key starts with 'multisig'. */
export const multisigQueries = {
  all: () => ['multisig'] as const,
  /** What a broadcast changes: every wallet's coins and transactions. */
  balances: () => [...multisigQueries.all(), 'utxos'] as const,
  histories: () => [...multisigQueries.all(), 'transactions'] as const,

  /**
   * get-wallet ('multisig', the buyer's paddings) or get-maker-wallet ('maker', where protected
   * listings sit): the user's 2-of-2 (ADR 009), made on first use and checked against the user's
   * key (verifyWallet). The one entry the wallet pages and the trade flows share; nothing is
   * asked without an account.
   */
  wallet: (kind: MultisigKind, user: MultisigAccount | undefined) =>
    queryOptions({
      queryKey: [
        ...multisigQueries.all(),
        'wallet',
        kind,
        user?.userPublicKey ?? null,
        user?.account.paymentAddress ?? null,
      ],
      queryFn: user
        ? async (): Promise<VerifiedWallet> => {
            const { account, userPublicKey, network } = user;
            const body = { userPublicKey, userAddress: account.paymentAddress };
            return verifyWallet(await multisigApi.wallet(kind, body), userPublicKey, network);
          }
        : skipToken,
      // A wallet never changes for a key: its script is fixed by the two keys.
      staleTime: Infinity,
    }),

  /** The coins, available balance, padding count and tip. */
  utxos: (walletId: string) =>
    queryOptions({
      queryKey: [...multisigQueries.balances(), walletId],
      queryFn: ({ signal }) => multisigApi.utxos(walletId, signal),
      refetchInterval: BALANCE_POLL_MS,
    }),

  transactions: (walletId: string) =>
    queryOptions({
      queryKey: [...multisigQueries.histories(), walletId],
      queryFn: ({ signal }) => multisigApi.transactions(walletId, signal),
      refetchInterval: TRANSACTIONS_POLL_MS,
    }),
};

/**
 * The connected wallet's checked multisig or maker wallet, from the cache when it is there (the
 * trade flows). Throws a WalletCheckError when the payment key cannot make one or the server's
 * wallet is not the user's.
 */
export async function fetchVerifiedWallet(
  queryClient: QueryClient,
  kind: MultisigKind,
  wallet: WalletAccount,
): Promise<VerifiedWallet> {
  const { network } = await queryClient.ensureQueryData(configQueries.app());
  const account = multisigAccountOf(wallet, network);
  if (!account) {
    throw new WalletCheckError('Your payment key is not a 33-byte compressed key.');
  }
  return queryClient.fetchQuery(multisigQueries.wallet(kind, account));
}
