import {
  CONNECT_WALLET,
  INVALID_BTC_AMOUNT,
  parseBtcToSats,
  type Auction,
  PRICE_STEP_BTC,
} from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { InputField } from '../../shared/form-field.tsx';
import { defaultFeeRate, FeeRatePicker } from '../../shared/fee-rate-picker.tsx';
import { tradeQueries } from '../../shared/trade.queries.ts';
import { btcText, satsToPriceInput, wireSats } from '../../lib/trade-format.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import { bidBlocker } from './auction-state.ts';
import { BidDialog } from './bid-dialog.tsx';
import { useBid } from './bid.mutations.ts';

const BID_REQUIRED = 'Enter your bid in BTC.';

function pricesOf(auction: Auction) {
  return {
    startPrice: wireSats(auction.start_price),
    reservePrice: auction.reserve_price === null ? null : wireSats(auction.reserve_price),
    highestBid: auction.highest_bid === null ? null : wireSats(auction.highest_bid),
  };
}

/**
 * Why a typed bid cannot be placed, or undefined: below the auction's minimum_bid (core
 * minimumBid, the server's rule), said in BTC as the field is, and to the highest bidder as
 * their own bid rather than someone else's.
 */
function bidInputError(
  value: string,
  auction: Auction,
  bidderAddress?: string,
): string | undefined {
  if (value.trim() === '') return BID_REQUIRED;
  const sats = parseBtcToSats(value);
  if (sats === undefined || sats < 0n) return INVALID_BTC_AMOUNT;
  const minimum = wireSats(auction.minimum_bid);
  if (sats >= minimum) return undefined;
  const { highestBid } = pricesOf(auction);
  if (highestBid === null) return `The minimum bid is ${btcText(minimum)}.`;
  const standing = auction.bids.find((bid) => bid.status === 'standing');
  if (bidderAddress !== undefined && standing?.bidder_ordinal_address === bidderAddress) {
    return `You are the highest bidder at ${btcText(highestBid)}. To raise your bid, bid at least ${btcText(minimum)}.`;
  }
  return `The highest bid is ${btcText(highestBid)}: bid at least ${btcText(minimum)}.`;
}

/**
 * The Bid form (product.md#market-overview "Bid in auctions"): the amount in BTC, the minimum next
 * bid until the bidder types their own, the fee rate, and Bid, which opens the review of the
 * server's PSBT.
 */
export function BidPanel({ auction, nowSeconds }: { auction: Auction; nowSeconds: number }) {
  const { wallet } = useWallet();
  const fees = useQuery(tradeQueries.recommendedFees());
  const [chosenRate, setChosenRate] = useState<number | null>(null);
  const feeRate = chosenRate ?? defaultFeeRate(fees.data);
  const [typed, setTyped] = useState<string | null>(null);
  const amountText = typed ?? satsToPriceInput(wireSats(auction.minimum_bid));
  const [isDialogOpen, setDialogOpen] = useState(false);
  const { prepare, place } = useBid(auction);

  const blocker = bidBlocker(auction, nowSeconds, wallet?.ordinalsAddress);
  const amountError = bidInputError(amountText, auction, wallet?.ordinalsAddress);
  const isBusy = prepare.isPending || place.isPending;

  const onBid = () => {
    if (!wallet) return void toast.error(CONNECT_WALLET);
    const amount = parseBtcToSats(amountText);
    if (amountError || amount === undefined) return;
    prepare.reset();
    place.reset();
    setDialogOpen(true);
    prepare.mutate({ amount, feeRate });
  };

  return (
    <section
      aria-label="Place a bid"
      className="flex flex-col gap-4 rounded-xl border border-zinc-800 bg-zinc-900/60 p-4"
    >
      <h2 className="font-medium text-zinc-100">Place a bid</h2>
      {blocker ? (
        <p role="status" className="text-sm text-zinc-400">
          {blocker}
        </p>
      ) : null}
      <InputField
        label="Bid (BTC)"
        error={blocker ? undefined : amountError}
        inputProps={{
          type: 'number',
          inputMode: 'decimal',
          min: 0,
          step: PRICE_STEP_BTC,
          value: amountText,
          disabled: blocker !== undefined,
          onChange: (event) => setTyped(event.target.value),
        }}
      />
      {fees.isPending ? null : (
        <FeeRatePicker
          fees={fees.data}
          value={feeRate}
          onChange={setChosenRate}
          disabled={isBusy || blocker !== undefined}
        />
      )}
      <p className="text-xs text-zinc-500">
        Bids are paid from your{' '}
        <Link to="/wallet" className="text-brand-400 hover:underline">
          multisig wallet
        </Link>
        : it needs 2 padding outputs and the bid, its postage and the fee.
      </p>
      <Button
        variant="primary"
        onClick={onBid}
        disabled={blocker !== undefined || fees.isPending || isBusy}
      >
        {prepare.isPending ? 'Preparing…' : 'Bid'}
      </Button>
      <BidDialog
        open={isDialogOpen}
        onClose={() => setDialogOpen(false)}
        prepare={prepare}
        place={place}
        onPlaced={() => setTyped(null)}
      />
    </section>
  );
}
