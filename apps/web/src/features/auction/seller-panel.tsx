import { AUCTION_CANCELED, type Auction } from '@om/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import { auctionApi } from './auction.api.ts';
import { auctionQueries } from './auction.queries.ts';

/**
 * What the seller sees of their own auction (ADR 012): canceling it while nobody has bid (the
 * server refuses once a bid stands: 'An auction with bids cannot be canceled'), and, once it is
 * canceled or unsold, where the inscription waits and how to take it back.
 */
export function SellerPanel({ auction }: { auction: Auction }) {
  const { wallet } = useWallet();
  const queryClient = useQueryClient();
  const [isConfirming, setIsConfirming] = useState(false);
  const cancel = useMutation({
    mutationFn: () => auctionApi.cancel(auction.slug),
    onSuccess: async () => {
      toast.success(AUCTION_CANCELED);
      await queryClient.invalidateQueries({
        queryKey: auctionQueries.bySlug(auction.slug).queryKey,
      });
    },
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => setIsConfirming(false),
  });
  if (!wallet || wallet.ordinalsAddress !== auction.seller_ordinal_address) return null;

  const isClosedUnsold = auction.status === 'canceled' || auction.status === 'unsold';
  const canCancel = auction.status === 'active' && auction.bids.length === 0;
  if (!isClosedUnsold && !canCancel) return null;
  return (
    <section
      aria-label="Your auction"
      className="flex flex-col gap-2 rounded-xl border border-zinc-800 bg-zinc-900/60 p-4 text-sm"
    >
      <h2 className="font-medium text-zinc-100">Your auction</h2>
      {isClosedUnsold ? (
        <p className="text-zinc-400">
          The inscription is in your maker wallet.{' '}
          <Link to="/wallet" className="text-brand-400 hover:underline">
            Withdraw it from your wallet page
          </Link>
          .
        </p>
      ) : isConfirming ? (
        <>
          <p className="text-zinc-300">
            Cancel this auction? Nobody has bid yet; the inscription stays in your maker wallet
            until you withdraw it.
          </p>
          <div className="flex gap-2">
            <Button variant="danger" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
              {cancel.isPending ? 'Canceling…' : 'Yes, cancel the auction'}
            </Button>
            <Button
              variant="ghost"
              disabled={cancel.isPending}
              onClick={() => setIsConfirming(false)}
            >
              Keep it
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="text-zinc-400">You may cancel your auction until someone bids.</p>
          <Button variant="danger" onClick={() => setIsConfirming(true)}>
            Cancel auction
          </Button>
        </>
      )}
    </section>
  );
}
