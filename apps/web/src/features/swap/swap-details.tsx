import type { SwapPoolsInfo, SwapTxSize } from '@om/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api-client.ts';
import { formatTokenAmount } from '../../lib/brc20-amount.ts';
import { btcText, feeRateText } from '../../lib/trade-format.ts';
import { ReviewRow } from '../../shared/trade-ui.tsx';
import { percentText, type LocalQuote } from './swap-form.ts';

/** An amount of the side `direction` gives in: sats on a buy, token units on a sell. */
function sideText(units: bigint, coin: 'btc' | 'token', tick: string, decimals: number) {
  return coin === 'btc' ? btcText(units) : `${formatTokenAmount(units, decimals)} ${tick}`;
}

/**
 * The quote under the form: spot price, price impact, the platform's and the liquidity
 * providers' fees apart, the minimum received at the slippage chosen and the network fee of the
 * swap's real size (get_swap_psbt_txsize) at the rate chosen.
 */
export function SwapDetails({
  info,
  quote,
  tick,
  decimals,
  feeRate,
  size,
  hasWallet,
}: {
  info: SwapPoolsInfo;
  quote: LocalQuote | undefined;
  tick: string;
  decimals: number;
  feeRate: number;
  size: UseQueryResult<SwapTxSize> | undefined;
  hasWallet: boolean;
}) {
  const isBuy = quote?.direction !== 'sell';
  const price = isBuy ? info.tick1_per_tick2 : info.tick2_per_tick1;
  const inCoin = isBuy ? 'btc' : 'token';
  const outCoin = isBuy ? 'token' : 'btc';
  return (
    <dl
      aria-label="Quote"
      className="rounded-lg border border-zinc-800 bg-zinc-950/60 px-3 py-2 text-sm"
    >
      <ReviewRow term="Price">
        1 {tick} = {price} BTC
      </ReviewRow>
      {quote ? (
        <>
          <ReviewRow term="Price impact">{percentText(quote.priceImpactBps)}</ReviewRow>
          <ReviewRow term="Platform fee">{btcText(quote.platformFee)}</ReviewRow>
          <ReviewRow term="Liquidity provider fee">
            {sideText(quote.lpFee, inCoin, tick, decimals)}
          </ReviewRow>
          <ReviewRow term="Minimum received" strong>
            {sideText(quote.minReceive, outCoin, tick, decimals)}
          </ReviewRow>
        </>
      ) : null}
      <ReviewRow term={`Network fee (${feeRateText(feeRate)})`}>
        <NetworkFee size={size} hasWallet={hasWallet} />
      </ReviewRow>
    </dl>
  );
}

function NetworkFee({
  size,
  hasWallet,
}: {
  size: UseQueryResult<SwapTxSize> | undefined;
  hasWallet: boolean;
}) {
  if (!hasWallet) return <span className="text-zinc-500">Connect a wallet to see it</span>;
  if (!size || size.isPending) return <span className="text-zinc-500">—</span>;
  if (size.isError) {
    return (
      <span role="alert" className="text-red-300">
        {errorMessage(size.error)}
      </span>
    );
  }
  return (
    <span>
      {size.data.network_fee} BTC{' '}
      <span className="text-xs text-zinc-500">({size.data.tx_size} vB)</span>
    </span>
  );
}
