import { formatDateTime } from '@om/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { shortenHash } from '../../lib/inscription-format.ts';
import { PurchaseReviewView } from '../trade/purchase-review-view.tsx';
import type { PurchaseResult } from '../trade/purchase.mutations.ts';
import { TrackedTransaction } from '../../shared/tracked-transaction.tsx';
import { DIALOG_HEIGHT, DialogActions, DialogBody, SignActions } from '../../shared/trade-ui.tsx';
import type { MintRequest, PreparedMint } from './mint.mutations.ts';

type Props = {
  open: boolean;
  onClose: () => void;
  /** The collection's name, for the title and the items. */
  name: string;
  quote: UseMutationResult<PreparedMint, Error, MintRequest>;
  mint: UseMutationResult<PurchaseResult, Error, PreparedMint>;
};

/**
 * The mint offer as the browser read it from the PSBT (price, fees, where each inscription goes),
 * signed only when it does what was asked; then the broadcast transaction, followed.
 */
export function MintDialog({ open, onClose, name, quote, mint }: Props) {
  const prepared = quote.data;
  const labels = useMemo(
    () =>
      new Map(
        (prepared?.offer.quote.items ?? []).map((item) => [
          item.inscriptionId,
          `${name} ${shortenHash(item.inscriptionId)}`,
        ]),
      ),
    [prepared, name],
  );
  const canSign =
    prepared !== undefined && prepared.review.problems.length === 0 && !mint.isPending;

  return (
    <Dialog open={open} onClose={onClose} title={`Mint ${name}`} className={DIALOG_HEIGHT}>
      <DialogBody>
        {mint.data ? (
          <>
            <p className="text-sm text-zinc-300">
              Your mint is broadcast. The inscriptions are yours once it confirms.
            </p>
            <TrackedTransaction txid={mint.data.txId} label="Mint" />
            {mint.data.setupTxId ? (
              <TrackedTransaction txid={mint.data.setupTxId} label="Padding setup" />
            ) : null}
            <DialogActions>
              <Button variant="primary" onClick={onClose}>
                Done
              </Button>
            </DialogActions>
          </>
        ) : (
          <>
            {quote.isPending ? (
              <p role="status" className="text-sm text-zinc-400">
                Preparing the mint…
              </p>
            ) : quote.error ? (
              <p role="alert" className="text-sm text-red-300">
                Could not prepare the mint: {errorMessage(quote.error).trim()}
              </p>
            ) : prepared ? (
              <>
                <p className="text-xs text-zinc-400">
                  {prepared.mintCount} reserved for you until{' '}
                  {formatDateTime(new Date(prepared.offer.expiresAt))}.
                </p>
                <PurchaseReviewView review={prepared.review} labels={labels} />
              </>
            ) : null}
            <SignActions
              backLabel="Cancel"
              onBack={onClose}
              signLabel="Sign and mint"
              signing={mint.isPending}
              disabled={!canSign}
              onSign={() => prepared && mint.mutate(prepared)}
            />
          </>
        )}
      </DialogBody>
    </Dialog>
  );
}
