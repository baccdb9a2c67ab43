import type { SwapPoolSummary, SwapTxSizeBody } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '../../shared/use-debounced-value.ts';
import type { WalletAccount } from '../wallet/wallet.types.ts';
import {
  directionOf,
  localQuote,
  routeAfterSize,
  sendsInscription,
  saleAfterNetworkFee,
  saleNetworkFee,
  parseCoinAmount,
  slippageError,
  txSizeBody,
  type ExactSide,
  type SwapPair,
} from './swap-form.ts';
import { swapQueries } from './swap.queries.ts';

/** The txsize call waits for the typing to pause. */
const TX_SIZE_DEBOUNCE_MS = 400;

export type SwapInputs = {
  pair: SwapPair;
  pool: SwapPoolSummary | undefined;
  exactSide: ExactSide;
  amountText: string;
  slippage: string;
  feeRate: number;
  wallet: WalletAccount | null;
  /** A sale's transfer inscription. */
  inscriptionId: string | undefined;
};

/**
 * The pair's pools poll (every 7 s), the curve's quote on it for what is typed, and the real
 * size and network fee of the swap once a wallet is connected (get_swap_psbt_txsize).
 */
export function useSwapQuote(inputs: SwapInputs) {
  const { pair, pool, wallet } = inputs;
  const info = useQuery(
    swapQueries.poolsInfo({
      send_coin_type: pair.send === 'btc' ? 'btc' : 'brc20',
      send_tick: pair.send,
      receive_coin_type: pair.receive === 'btc' ? 'btc' : 'brc20',
      receive_tick: pair.receive,
      address: wallet?.paymentAddress ?? '0',
    }),
  );
  const route = directionOf(pair);
  const decimals = pool?.decimals ?? 18;
  // A route receives the second pool's token, at its decimals.
  const receiveDecimals = info.data?.legs?.[1]?.decimals ?? decimals;
  const typedCoin = inputs.exactSide === 'send' ? pair.send : pair.receive;
  const amount = parseCoinAmount(inputs.amountText, typedCoin, decimals);
  const slippageProblem = slippageError(inputs.slippage);
  const quote =
    route && info.data && amount !== undefined && amount > 0n && !slippageProblem
      ? localQuote({
          direction: route.direction,
          info: info.data,
          exactSide: inputs.exactSide,
          amount,
          slippage: inputs.slippage.trim(),
        })
      : undefined;
  const ready = quote && !('error' in quote) ? quote : undefined;
  const needsInscription = sendsInscription(route?.direction) && !inputs.inscriptionId;
  const body =
    ready && wallet && !needsInscription
      ? txSizeBody({
          pair,
          decimals,
          quote: ready,
          exactSide: inputs.exactSide,
          wallet,
          slippage: inputs.slippage,
          feeRate: inputs.feeRate,
          ...(inputs.inscriptionId ? { inscriptionId: inputs.inscriptionId } : {}),
        })
      : undefined;
  // Debounced as text: the body is a new object on every render.
  const bodyText = body ? JSON.stringify(body) : '';
  const debouncedText = useDebouncedValue(bodyText, TX_SIZE_DEBOUNCE_MS);
  const size = useQuery({
    ...swapQueries.txSize(
      debouncedText ? (JSON.parse(debouncedText) as SwapTxSizeBody) : ({} as SwapTxSizeBody),
    ),
    enabled: debouncedText !== '' && debouncedText === bodyText,
  });
  const sized = bodyText !== '' && debouncedText === bodyText ? size : undefined;
  // A sale's BTC arrives less the network fee, which the pool takes out of it; a route's tokens
  // are what the size call says once the fee and the second pool's inscribing are out.
  const shown =
    ready && route?.direction === 'sell' && sized?.data
      ? saleAfterNetworkFee(
          ready,
          saleNetworkFee(sized.data, inputs.feeRate),
          inputs.slippage.trim(),
        )
      : ready && route?.direction === 'route' && sized?.data
        ? routeAfterSize(ready, sized.data, receiveDecimals, inputs.slippage.trim())
        : ready;
  return {
    info,
    route,
    decimals,
    receiveDecimals,
    amount,
    /** The curve's quote, as the body asks it. */
    grossQuote: ready,
    /** What the page shows: a sale's net of its network fee once that is known. */
    quote: shown,
    quoteError: quote && 'error' in quote ? quote.error : undefined,
    slippageProblem,
    body,
    size: sized,
  };
}
