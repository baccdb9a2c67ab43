import {
  CONNECT_WALLET,
  type Brc20Transferable,
  type SendSwapPsbt,
  type SwapPoolSummary,
} from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { parseTokenAmount, tokenAmountText } from '../../lib/brc20-amount.ts';
import { defaultFeeRate, FeeRatePicker } from '../../shared/fee-rate-picker.tsx';
import { tradeQueries } from '../../shared/trade.queries.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import { SwapDetails } from './swap-details.tsx';
import { LadderPicks } from './swap-ladder-picks.tsx';
import { AmountField, FlipButton, nextPair, SlippageField } from './swap-fields.tsx';
import {
  coinAmountText,
  DEFAULT_SLIPPAGE,
  sendsInscription,
  type ExactSide,
  type SwapPair,
} from './swap-form.ts';
import { useSwap } from './swap.mutations.ts';
import { SwapOrderStatus } from './swap-order-status.tsx';
import { SwapReviewPanel } from './swap-review-panel.tsx';
import { SellSource } from './swap-sell-source.tsx';
import { swapRequest } from './swap-request.ts';
import { useSwapBalances } from './use-swap-balances.ts';
import { useSwapQuote } from './use-swap-quote.ts';

/** The swap card: the pair, both amounts, the quote, slippage and fee rate, then review and track. */
export function SwapPanel({
  pair,
  pools,
  onPair,
}: {
  pair: SwapPair;
  pools: SwapPoolSummary[];
  onPair: (pair: SwapPair) => void;
}) {
  const { wallet } = useWallet();
  const [exactSide, setExactSide] = useState<ExactSide>('send');
  const [amountText, setAmountText] = useState('');
  const [slippage, setSlippage] = useState(DEFAULT_SLIPPAGE);
  const fees = useQuery(tradeQueries.recommendedFees());
  const [chosenRate, setChosenRate] = useState<number>();
  const feeRate = chosenRate ?? defaultFeeRate(fees.data);
  const [inscription, setInscription] = useState<Brc20Transferable>();
  const [sent, setSent] = useState<SendSwapPsbt>();
  const { prepare, sign } = useSwap();

  const tick = pair.send === 'btc' ? pair.receive : pair.send;
  const pool = pools.find((p) => p.tick === tick);
  const q = useSwapQuote({
    pair,
    pool,
    exactSide,
    amountText,
    slippage,
    feeRate,
    wallet,
    inscriptionId: inscription?.inscriptionId,
  });
  const balances = useSwapBalances(pair, q.decimals);
  // A sale or a route: the user sends a transfer inscription whole, the amounts follow from it.
  const isSell = sendsInscription(q.route?.direction);
  const firstTick = pools[0]?.tick ?? '';

  const shown = (side: ExactSide) => {
    if (side === exactSide) return amountText;
    if (!q.quote) return '';
    const units = side === 'send' ? q.quote.send : q.quote.receive;
    return side === 'send'
      ? coinAmountText(units, pair.send, q.decimals)
      : coinAmountText(units, pair.receive, q.receiveDecimals);
  };
  const type = (side: ExactSide) => (text: string) => {
    setExactSide(side);
    setAmountText(text);
  };
  const choose = (item: Brc20Transferable) => {
    const digits = Math.max(q.decimals, item.amount.split('.')[1]?.length ?? 0);
    setInscription(item);
    setExactSide('send');
    setAmountText(tokenAmountText(parseTokenAmount(item.amount, digits) ?? 0n, q.decimals));
  };
  const reset = () => {
    setSent(undefined);
    setInscription(undefined);
    setAmountText('');
    prepare.reset();
    sign.reset();
  };

  if (sent) return <SwapOrderStatus orderId={sent.order_id} txId={sent.tx_id} onDone={reset} />;
  if (prepare.data) {
    return (
      <SwapReviewPanel
        prepared={prepare.data}
        signing={sign.isPending}
        onSign={() => sign.mutate(prepare.data, { onSuccess: setSent })}
        onBack={() => prepare.reset()}
      />
    );
  }
  const request = swapRequest({
    quote: q,
    pool,
    receivePool: pools.find((p) => p.tick === pair.receive),
    inscription,
    exactSide,
    slippage,
  });
  const error = q.info.error ?? prepare.error ?? sign.error;
  return (
    <div className="flex flex-col gap-3">
      <AmountField
        side="send"
        pair={pair}
        pools={pools}
        value={shown('send')}
        readOnly={isSell}
        invalid={exactSide === 'send' && amountText !== '' && q.amount === undefined}
        balance={balances.send}
        onAmount={type('send')}
        onCoin={(coin) => onPair(nextPair(pair, 'send', coin, firstTick))}
      >
        {isSell && wallet ? (
          <SellSource
            tick={tick}
            decimals={q.decimals}
            ordinalsAddress={wallet.ordinalsAddress}
            selected={inscription?.inscriptionId}
            onSelect={choose}
          />
        ) : null}
      </AmountField>
      <FlipButton onFlip={() => onPair({ send: pair.receive, receive: pair.send })} />
      <AmountField
        side="receive"
        pair={pair}
        pools={pools}
        value={shown('receive')}
        readOnly={isSell}
        invalid={exactSide === 'receive' && amountText !== '' && q.amount === undefined}
        balance={balances.receive}
        onAmount={type('receive')}
        onCoin={(coin) => onPair(nextPair(pair, 'receive', coin, firstTick))}
      >
        {!isSell && q.info.data ? (
          <LadderPicks
            ladder={q.info.data.ladder}
            tick={tick}
            decimals={q.decimals}
            onPick={type('receive')}
          />
        ) : null}
      </AmountField>
      {q.quoteError ? (
        <p role="alert" className="text-sm text-red-300">
          {q.quoteError}
        </p>
      ) : null}
      {q.info.data ? (
        <SwapDetails
          info={q.info.data}
          quote={q.quote}
          tick={tick}
          decimals={q.decimals}
          feeRate={feeRate}
          size={q.size}
          hasWallet={wallet !== null}
        />
      ) : null}
      <SlippageField value={slippage} onChange={setSlippage} />
      <FeeRatePicker fees={fees.data} value={feeRate} onChange={setChosenRate} />
      {error ? (
        <p role="alert" className="text-sm text-red-300">
          {errorMessage(error)}
        </p>
      ) : null}
      {wallet ? null : <p className="text-sm text-zinc-400">{CONNECT_WALLET}</p>}
      <Button
        variant="primary"
        disabled={!wallet || !request || prepare.isPending}
        onClick={() => request && prepare.mutate(request)}
      >
        {prepare.isPending ? 'Preparing…' : 'Swap'}
      </Button>
    </div>
  );
}
