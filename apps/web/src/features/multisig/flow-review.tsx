import { TrackedTransaction } from '../../shared/tracked-transaction.tsx';
import type { PsbtFlow } from './multisig-flow.ts';
import { PsbtReviewDialog } from './psbt-review.tsx';

/**
 * The steps of an action after its form: the review of the prepared PSBT (signing closes it), then
 * the broadcast transaction followed to its first confirmation.
 */
export function FlowReview<Input, Extra>({
  flow: { prepare, sign },
  title,
  walletLabel,
  signLabel,
  txLabel,
}: {
  flow: PsbtFlow<Input, Extra>;
  title: string;
  walletLabel: string;
  signLabel: string;
  txLabel: string;
}) {
  const prepared = prepare.data;
  return (
    <>
      <PsbtReviewDialog
        title={title}
        review={prepared?.review}
        walletLabel={walletLabel}
        signLabel={signLabel}
        isSigning={sign.isPending}
        onSign={() => prepared && sign.mutate(prepared, { onSuccess: () => prepare.reset() })}
        onClose={() => prepare.reset()}
      />
      {sign.data ? <TrackedTransaction txid={sign.data.txId} label={txLabel} /> : null}
    </>
  );
}
