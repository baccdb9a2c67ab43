import { shortenHash } from '../../lib/inscription-format.ts';
import { feeRateText } from '../../lib/trade-format.ts';
import { Amount, ReviewRow, SigningRefused } from '../../shared/trade-ui.tsx';
import type { CreatedAuction } from './auction-draft.ts';

const SIGN = 'Sign';
const SIGNED = 'Signed';
const REFUSED_TITLE = 'Do not sign: these transactions do not do what you asked.';

/**
 * The two PSBTs of the created auction as the browser read them (auction-psbt-review.ts), and the
 * one Sign that has the wallet sign both (product.md#states-and-transitions: 'Sign', then
 * 'Signed', never twice; a second click says 'Psbt already signed').
 */
export function AuctionSignPanel({
  created,
  onSign,
  isSigning,
  isConfirming,
  isConfirmed,
}: {
  created: CreatedAuction;
  onSign: () => void;
  isSigning: boolean;
  isConfirming: boolean;
  isConfirmed: boolean;
}) {
  const { review } = created;
  const isSigned = created.signed !== null;
  const isRefused = review.problems.length > 0;
  return (
    <section aria-label="Sign your auction" className="flex flex-col gap-4">
      <p className="text-sm text-zinc-300">
        One signature session, two transactions: the deposit of your inscription into your maker
        wallet, and your consent to sell it there at the floor or better. Bids complete it; you need
        not be online when the auction ends.
      </p>
      <dl
        aria-label="Deposit"
        className="rounded-lg border border-zinc-800 bg-zinc-950/60 px-3 py-2 text-sm"
      >
        <ReviewRow term="Inscription to">
          <span className="font-mono text-xs" title={review.makerAddress}>
            Your maker wallet {shortenHash(review.makerAddress)}
          </span>
        </ReviewRow>
        <ReviewRow term="Network fee">
          <Amount sats={review.networkFee} />
        </ReviewRow>
        <ReviewRow term="Fee rate">{feeRateText(review.feeRate)}</ReviewRow>
      </dl>
      <dl
        aria-label="Floor"
        className="rounded-lg border border-zinc-800 bg-zinc-950/60 px-3 py-2 text-sm"
      >
        <ReviewRow term="Floor price">
          <Amount sats={review.floor} />
        </ReviewRow>
        <ReviewRow term="Platform fee">
          <Amount sats={review.platformFee} />
        </ReviewRow>
        <ReviewRow term="Paid to you at the floor" strong>
          <Amount sats={review.payout} />
        </ReviewRow>
      </dl>
      {isRefused ? <SigningRefused title={REFUSED_TITLE} problems={review.problems} /> : null}
      <button
        type="button"
        onClick={onSign}
        disabled={isRefused || isSigning}
        aria-disabled={isSigned || undefined}
        className="inline-flex h-9 items-center justify-center self-start rounded-lg bg-brand-500 px-4 text-sm font-semibold text-zinc-950 transition-colors hover:bg-brand-400 disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
      >
        {isSigned ? SIGNED : SIGN}
      </button>
      {isConfirming ? (
        <p role="status" className="animate-pulse text-sm text-zinc-400">
          Confirming your auction…
        </p>
      ) : isConfirmed ? (
        <p role="status" className="text-sm text-emerald-300">
          Your auction is confirmed.
        </p>
      ) : null}
    </section>
  );
}
