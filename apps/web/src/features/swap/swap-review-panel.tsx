import { parseBtcToSats } from '@om/core';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { shortenHash } from '../../lib/inscription-format.ts';
import { feeRateText } from '../../lib/trade-format.ts';
import { Amount, ReviewRow, SigningRefused } from '../../shared/trade-ui.tsx';
import { NOT_SIGNING_SWAP, ORDER_EXPIRED, type PreparedSwap } from './swap.mutations.ts';

function useSecondsLeft(expiresAt: string): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1_000));
}

/**
 * The order's PSBT as read before the wallet signs: what it costs, what comes back, its fee, and
 * the 30 s the order holds its place. Nothing to sign when it does not match the quote.
 */
export function SwapReviewPanel({
  prepared,
  signing,
  onSign,
  onBack,
}: {
  prepared: PreparedSwap;
  signing: boolean;
  onSign: () => void;
  onBack: () => void;
}) {
  const { order, review, request, body } = prepared;
  const secondsLeft = useSecondsLeft(order.expires_at);
  const isSell = request.direction === 'sell';
  const isRoute = request.direction === 'route';
  const refused = review.problems.length > 0;
  // The order's network fee counts every transaction; the PSBT's is the swap's own.
  const inscribing = (parseBtcToSats(order.network_fee) ?? 0n) - review.networkFee;
  return (
    <section aria-label="Swap review" className="flex flex-col gap-3">
      <dl className="rounded-lg border border-zinc-800 bg-zinc-950/60 px-3 py-2 text-sm">
        <ReviewRow term="You send">
          {order.send_amount} {body.send_tick === 'btc' ? 'BTC' : body.send_tick}
        </ReviewRow>
        <ReviewRow term="You receive">
          {order.receive_amount} {body.receive_tick === 'btc' ? 'BTC' : body.receive_tick}
        </ReviewRow>
        <ReviewRow term="Minimum received">{order.min_receive}</ReviewRow>
        {isRoute ? (
          <ReviewRow term="Leaves your wallet" strong>
            The transfer inscription only
          </ReviewRow>
        ) : isSell ? (
          <ReviewRow term="BTC to your payment address" strong>
            <Amount sats={review.receives} />
          </ReviewRow>
        ) : (
          <ReviewRow term="Leaves your wallet" strong>
            <Amount sats={review.pays} />
          </ReviewRow>
        )}
        <ReviewRow term={`Network fee (${feeRateText(review.feeRate)})`}>
          <Amount sats={review.networkFee} />
        </ReviewRow>
        {(!isSell || isRoute) && inscribing > 0n ? (
          // ADR 017: the pool inscribes exactly these tokens just before the swap, or hands over
          // a transfer of its ladder and inscribes it again; either way at the user's cost.
          <ReviewRow
            term={
              order.transfer === 'ladder'
                ? "Restocking the pool's ready transfer (its commit and reveal fees)"
                : "Inscribing your tokens (the pool's commit and reveal fees)"
            }
          >
            <Amount sats={inscribing} />
          </ReviewRow>
        ) : null}
        <ReviewRow term="Platform fee">
          <Amount sats={parseBtcToSats(order.platform_fee) ?? 0n} />
        </ReviewRow>
        <ReviewRow term="Transaction">
          <span className="font-mono text-[13px]" title={review.txid}>
            {shortenHash(review.txid)}
          </span>
        </ReviewRow>
      </dl>
      {refused ? <SigningRefused title={NOT_SIGNING_SWAP} problems={review.problems} /> : null}
      {!refused && secondsLeft === 0 ? (
        <p role="alert" className="text-sm text-red-300">
          {ORDER_EXPIRED}
        </p>
      ) : null}
      {!refused && secondsLeft > 0 ? (
        <p className="text-sm text-zinc-400">Sign within {secondsLeft} s.</p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button onClick={onBack} disabled={signing}>
          Back
        </Button>
        <Button
          variant="primary"
          disabled={signing || refused || secondsLeft === 0}
          onClick={onSign}
        >
          {signing ? 'Signing…' : 'Sign and swap'}
        </Button>
      </div>
    </section>
  );
}
