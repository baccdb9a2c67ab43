import type { Brc20Transferable, SwapPoolSummary } from '@om/core';
import { maximumSent, type ExactSide } from './swap-form.ts';
import type { SwapRequest } from './swap.mutations.ts';
import type { useSwapQuote } from './use-swap-quote.ts';

/**
 * What Swap sends and the limits the review holds the PSBT to, from the quote on the page: a
 * sale's minimum received; a purchase's most sent (the amount typed, or the quote plus the
 * slippage when the amount received was typed) and its platform fee. Undefined until complete.
 */
export function swapRequest({
  quote,
  pool,
  inscription,
  exactSide,
  slippage,
}: {
  quote: ReturnType<typeof useSwapQuote>;
  pool: SwapPoolSummary | undefined;
  inscription: Brc20Transferable | undefined;
  exactSide: ExactSide;
  slippage: string;
}): SwapRequest | undefined {
  const { body, route, quote: local } = quote;
  if (!body || !route || !local || !pool) return undefined;
  if (route.direction === 'sell') {
    if (!inscription?.outpoint) return undefined;
    return {
      body,
      direction: 'sell',
      poolAddress: pool.pool_address,
      inscriptionOutpoint: inscription.outpoint,
      minReceive: local.minReceive,
      maxSend: 0n,
      platformFee: local.platformFee,
    };
  }
  return {
    body,
    direction: 'buy',
    poolAddress: pool.pool_address,
    minReceive: 0n,
    maxSend: exactSide === 'send' ? local.send : maximumSent(local.send, slippage.trim()),
    platformFee: local.platformFee,
  };
}
