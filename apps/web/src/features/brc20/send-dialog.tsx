import { isValidAddress } from '@om/bitcoin';
import { DEFAULT_FEE_RATE, type Brc20Transferable } from '@om/core';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { shortenAddress } from '../../lib/format.ts';
import { useAppConfig } from '../../shared/config.queries.ts';
import { AddressField, FeeRateField } from '../../shared/form-field.tsx';
import { useFeeRateRules } from '../../shared/fee-rate-cap.ts';
import { invalidAddressText } from '../../lib/form-rules.ts';
import { feeRateText } from '../../lib/trade-format.ts';
import {
  Amount,
  DIALOG_HEIGHT,
  DialogActions,
  DialogBody,
  ReviewRow,
  SignActions,
  SigningRefused,
} from '../../shared/trade-ui.tsx';
import { formatWireAmount } from '../../lib/brc20-amount.ts';
import { useSendTransfer } from './send.mutations.ts';

type Fields = { toAddress: string; feeRate: string };
const NOT_SIGNING_SEND = 'Not signing: this transaction does not match the transfer.';

/** Sends a confirmed transfer inscription to a recipient: address and fee rate, review, sign. */
export function SendTransferDialog({
  transferable,
  decimals,
  onClose,
}: {
  transferable: Brc20Transferable;
  decimals: number;
  onClose: () => void;
}) {
  const network = useAppConfig()?.network ?? 'regtest';
  const { prepare, send } = useSendTransfer(transferable);
  const form = useForm<Fields>({
    mode: 'onChange',
    defaultValues: { toAddress: '', feeRate: String(DEFAULT_FEE_RATE) },
  });
  const feeRateRules = useFeeRateRules();
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ toAddress, feeRate }) =>
    prepare.mutate({ toAddress: toAddress.trim(), feeRate: Number(feeRate) }),
  );
  const prepared = prepare.data;
  const title = `Send ${formatWireAmount(transferable.amount, decimals)} ${transferable.originalTick}`;

  return (
    <Dialog open onClose={onClose} title={title} className={DIALOG_HEIGHT}>
      <DialogBody>
        {send.data ? (
          <>
            <p role="status" className="text-sm text-zinc-300">
              Sent: the tokens reach the recipient when the transaction confirms.
            </p>
            <DialogActions>
              <Button variant="primary" onClick={onClose}>
                Done
              </Button>
            </DialogActions>
          </>
        ) : prepared ? (
          <>
            <section aria-label="Transfer review" className="flex flex-col gap-3">
              <dl className="rounded-lg border border-zinc-800 bg-zinc-950/60 px-3 py-2 text-sm">
                <ReviewRow term="Recipient">
                  <span className="font-mono text-[13px]" title={prepared.review.toAddress}>
                    {shortenAddress(prepared.review.toAddress)}
                  </span>
                </ReviewRow>
                <ReviewRow term="Tokens">
                  {formatWireAmount(transferable.amount, decimals)} {transferable.originalTick}
                </ReviewRow>
                <ReviewRow term="Postage with the inscription">
                  <Amount sats={prepared.review.sentValue} />
                </ReviewRow>
                <ReviewRow term={`Network fee (${feeRateText(prepared.review.feeRate)})`}>
                  <Amount sats={prepared.review.networkFee} />
                </ReviewRow>
                <ReviewRow term="Change back to you">
                  <Amount sats={prepared.review.change} />
                </ReviewRow>
              </dl>
              {prepared.review.problems.length > 0 ? (
                <SigningRefused title={NOT_SIGNING_SEND} problems={prepared.review.problems} />
              ) : null}
            </section>
            <SignActions
              onBack={() => prepare.reset()}
              signLabel="Sign and send"
              signing={send.isPending}
              disabled={prepared.review.problems.length > 0}
              onSign={() => send.mutate(prepared)}
            />
          </>
        ) : (
          <form noValidate className="flex flex-col gap-3" onSubmit={(event) => void submit(event)}>
            <AddressField
              label="Recipient address"
              error={errors.toAddress?.message}
              inputProps={form.register('toAddress', {
                validate: (value) =>
                  isValidAddress(value.trim(), network) ? true : invalidAddressText(network),
              })}
            />
            <FeeRateField
              error={errors.feeRate?.message}
              inputProps={form.register('feeRate', feeRateRules)}
            />
            {prepare.error ? (
              <p role="alert" className="text-sm text-red-300">
                {errorMessage(prepare.error).trim()}
              </p>
            ) : null}
            <DialogActions>
              <Button onClick={onClose}>Cancel</Button>
              <Button type="submit" variant="primary" disabled={prepare.isPending}>
                {prepare.isPending ? 'Preparing…' : 'Review transfer'}
              </Button>
            </DialogActions>
          </form>
        )}
      </DialogBody>
    </Dialog>
  );
}
