import type { PsbtLine, PsbtLineOwner } from '@om/bitcoin';
import { Dialog } from '../../components/ui/dialog.tsx';
import { shortenAddress } from '../../lib/format.ts';
import { shortenHash } from '../../lib/inscription-format.ts';
import {
  Amount,
  DIALOG_HEIGHT,
  DialogBody,
  ReviewRow,
  SignActions,
  SigningRefused,
} from '../../shared/trade-ui.tsx';
import type { PsbtReview } from './wallet-psbt-review.ts';

function ownerText(owner: PsbtLineOwner, walletLabel: string): string {
  switch (owner) {
    case 'wallet':
      return `your ${walletLabel}`;
    case 'payment':
      return 'your payment address';
    case 'recipient':
      return 'the recipient';
    case 'other':
      return 'not yours';
  }
}

function Line({
  line,
  label,
  walletLabel,
}: {
  line: PsbtLine;
  label: string;
  walletLabel: string;
}) {
  return (
    <li className="flex items-baseline justify-between gap-3 px-3 py-2">
      <span className="flex min-w-0 flex-col">
        <span className="text-zinc-200">{label}</span>
        <span className={`text-xs ${line.owner === 'other' ? 'text-red-300' : 'text-zinc-500'}`}>
          <span className="font-mono" title={line.address}>
            {line.address ? shortenAddress(line.address) : 'a script'}
          </span>{' '}
          ({ownerText(line.owner, walletLabel)})
        </span>
      </span>
      <Amount sats={line.amount} />
    </li>
  );
}

/** What the PSBT does, read from the PSBT itself: every input and output, and the fee. */
export function PsbtReviewView({
  review,
  walletLabel,
}: {
  review: PsbtReview;
  /** 'multisig wallet' or 'maker wallet'. */
  walletLabel: string;
}) {
  const list = 'divide-y divide-zinc-800 rounded-lg border border-zinc-800 bg-zinc-950/60 text-sm';
  return (
    <section aria-label="Transaction review" className="flex flex-col gap-3">
      <h3 className="text-xs uppercase tracking-wide text-zinc-500">Spends</h3>
      <ul aria-label="Inputs" className={list}>
        {review.inputs.map((input) => (
          <Line
            key={input.index}
            line={input}
            label={`Coin ${shortenHash(input.outpoint)}`}
            walletLabel={walletLabel}
          />
        ))}
      </ul>
      <h3 className="text-xs uppercase tracking-wide text-zinc-500">Pays</h3>
      <ul aria-label="Outputs" className={list}>
        {review.outputs.map((output) => (
          <Line
            key={output.index}
            line={output}
            label={`Output ${output.index}`}
            walletLabel={walletLabel}
          />
        ))}
      </ul>
      <dl className="rounded-lg border border-zinc-800 bg-zinc-950/60 px-3 py-2 text-sm">
        <ReviewRow term="Network fee" strong>
          <Amount sats={review.fee} />
        </ReviewRow>
      </dl>
      {review.problems.length > 0 ? (
        <SigningRefused
          title="Not signing: this transaction does not do what you asked."
          problems={review.problems}
        />
      ) : (
        <p className="text-xs text-zinc-500">
          Read from the transaction itself, not from the server&apos;s answer. Your wallet signs
          with SIGHASH_ALL: the signature holds only for exactly these inputs and outputs.
        </p>
      )}
    </section>
  );
}

/** The review before the wallet is asked, as a dialog: Back, or sign. */
export function PsbtReviewDialog({
  title,
  review,
  walletLabel,
  signLabel,
  isSigning,
  onSign,
  onClose,
}: {
  title: string;
  review: PsbtReview | undefined;
  walletLabel: string;
  signLabel: string;
  isSigning: boolean;
  onSign: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={review !== undefined} onClose={onClose} title={title} className={DIALOG_HEIGHT}>
      <DialogBody>
        {review ? <PsbtReviewView review={review} walletLabel={walletLabel} /> : null}
        <SignActions
          onBack={onClose}
          signLabel={signLabel}
          signing={isSigning}
          disabled={!review || review.problems.length > 0}
          onSign={onSign}
        />
      </DialogBody>
    </Dialog>
  );
}
