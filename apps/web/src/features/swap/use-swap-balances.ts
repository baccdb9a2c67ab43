import { satsToBtc } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { formatWireAmount } from '../../lib/brc20-amount.ts';
import { brc20Queries } from '../brc20/brc20.queries.ts';
import { walletQueries } from '../wallet/wallet.queries.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import { BTC, type SwapPair } from './swap-form.ts';

/**
 * The connected wallet's balance of each side: BTC of the payment address (confirmed and
 * pending), the token's overall balance at the ordinals address. Both live under the wallet's
 * balance keys, so mempool and 'brc20' events and a swap refresh them.
 */
export function useSwapBalances(pair: SwapPair, decimals: number) {
  const { wallet } = useWallet();
  const btc = useQuery({
    ...walletQueries.balance(wallet?.paymentAddress ?? ''),
    enabled: wallet !== null,
  });
  const tokens = useQuery({
    ...brc20Queries.balances(wallet?.ordinalsAddress ?? ''),
    enabled: wallet !== null,
  });
  const of = (coin: string): string | undefined => {
    if (!wallet) return undefined;
    if (coin === BTC) {
      return btc.data ? satsToBtc(btc.data.confirmed + btc.data.unconfirmed) : undefined;
    }
    if (!tokens.data) return undefined;
    const row = tokens.data.balances.find((b) => b.tick === coin);
    return row ? formatWireAmount(row.overall, row.decimals) : formatWireAmount('0', decimals);
  };
  return { send: of(pair.send), receive: of(pair.receive) };
}
