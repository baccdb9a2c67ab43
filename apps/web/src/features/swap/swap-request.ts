import { parseBtcToSats, type Brc20Transferable, type SwapPoolSummary } from '@om/core';
import { maximumSent, type ExactSide } from './swap-form.ts';
import type { SwapRequest } from './swap.mutations.ts';
import type { useSwapQuote } from './use-swap-quote.ts';

/**
 * What Swap sends and the limits the review holds the PSBT to, from the quote on the page: a
 * sale's BTC before its network fee; a purchase's most sent (the amount typed, or the quote plus
 * the slippage when the amount received was typed), its platform fee and the network fee shown.
 * Undefined until complete.
 */
export function swapRequest({
  quote,
  pool,
  receivePool,
  inscription,
  exactSide,
  slippage,
}: {
  quote: ReturnType<typeof useSwapQuote>;
  pool: SwapPoolSummary | undefined;
  /** A route's second pool (the token received). */
  receivePool?: SwapPoolSummary | undefined;
  inscription: Brc20Transferable | undefined;
  exactSide: ExactSide;
  slippage: string;
}): SwapRequest | undefined {
  const { body, route, grossQuote: local } = quote;
  const shownFee = quote.size?.data ? parseBtcToSats(quote.size.data.network_fee) : undefined;
  if (!body || !route || !local || !pool) return undefined;
  if (route.direction === 'route') {
    if (!inscription?.outpoint || !receivePool) return undefined;
    return {
      body,
      direction: 'route',
      poolAddress: pool.pool_address,
      receivePoolAddress: receivePool.pool_address,
      inscriptionOutpoint: inscription.outpoint,
      receiveBeforeFee: 0n,
      maxSend: 0n,
      platformFee: local.platformFee,
      ...(shownFee === undefined ? {} : { networkFeeShown: shownFee }),
    };
  }
  if (route.direction === 'sell') {
    if (!inscription?.outpoint) return undefined;
    return {
      body,
      direction: 'sell',
      poolAddress: pool.pool_address,
      inscriptionOutpoint: inscription.outpoint,
      receiveBeforeFee: local.receive,
      maxSend: 0n,
      platformFee: local.platformFee,
    };
  }
  return {
    body,
    direction: 'buy',
    poolAddress: pool.pool_address,
    receiveBeforeFee: 0n,
    ...(shownFee === undefined ? {} : { networkFeeShown: shownFee }),
    maxSend: exactSide === 'send' ? local.send : maximumSent(local.send, slippage.trim()),
    platformFee: local.platformFee,
  };
}
