import { DEFAULT_FEE_RATE, parseRuneUnits, type RuneBalance } from '@om/core';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { addressRules } from '../../lib/form-rules.ts';
import { formatRuneAmount } from '../../lib/rune-amount.ts';
import { feeRateText } from '../../lib/trade-format.ts';
import { useAppConfig } from '../../shared/config.queries.ts';
import { useFeeRateRules } from '../../shared/fee-rate-cap.ts';
import { AddressField, FeeRateField, InputField } from '../../shared/form-field.tsx';
import { TxidLink } from '../../shared/txid-link.tsx';
import {
  Amount,
  DIALOG_HEIGHT,
  DialogActions,
  DialogBody,
  ReviewRow,
  SignActions,
  SigningRefused,
} from '../../shared/trade-ui.tsx';
import { TradeFlowError } from '../signing/flow-steps.ts';
import { runeSendText } from './rune-send-review.ts';
import { useRuneSend, type PreparedRuneSend } from './rune-send.mutations.ts';

type Fields = { toAddress: string; amount: string; feeRate: string };
const NOT_SIGNING_SEND = 'Not signing: this transaction does not match the transfer.';

/** The server's or the wallet's words, without the toast's title. */
const reason = (error: Error) =>
  error instanceof TradeFlowError ? error.description : errorMessage(error);

/**
 * Sends some of a rune the wallet holds: recipient, amount at the rune's divisibility and fee
 * rate, then the review of the PSBT the server built, then the wallet signs and the server
 * broadcasts (docs/product.md#runes).
 */
export function RuneSendDialog({
  balance,
  onClose,
}: {
  balance: RuneBalance;
  onClose: () => void;
}) {
  const network = useAppConfig()?.network ?? 'regtest';
  const { prepare, sign } = useRuneSend(balance);
  const held = BigInt(balance.amount);
  const form = useForm<Fields>({
    mode: 'onChange',
    defaultValues: { toAddress: '', amount: '', feeRate: String(DEFAULT_FEE_RATE) },
  });
  const feeRateRules = useFeeRateRules();
  const { errors } = form.formState;
  const amountRules = {
    validate: (text: string) => {
      const parsed = parseRuneUnits(text, balance.divisibility);
      if ('problem' in parsed) return parsed.message;
      if (parsed.baseUnits > held) {
        return `At most ${formatRuneAmount(balance.amount, balance.divisibility)} (your balance).`;
      }
      return true;
    },
  };
  const submit = form.handleSubmit(({ toAddress, amount, feeRate }) => {
    const parsed = parseRuneUnits(amount, balance.divisibility);
    if ('problem' in parsed) return;
    prepare.mutate({
      toAddress: toAddress.trim(),
      baseUnits: parsed.baseUnits,
      feeRate: Number(feeRate),
    });
  });
  const prepared = prepare.data;

  return (
    <Dialog open onClose={onClose} title={`Send ${balance.name}`} className={DIALOG_HEIGHT}>
      <DialogBody>
        {sign.data ? (
          <>
            <p role="status" className="text-sm text-zinc-300">
              Sent: the runes reach the recipient when the transaction confirms.
            </p>
            <TxidLink txid={sign.data} />
            <DialogActions>
              <Button variant="primary" onClick={onClose}>
                Done
              </Button>
            </DialogActions>
          </>
        ) : prepared ? (
          <>
            <SendReview prepared={prepared} balance={balance} />
            {sign.error ? (
              <p role="alert" className="text-sm text-red-300">
                {reason(sign.error)}
              </p>
            ) : null}
            <SignActions
              onBack={() => prepare.reset()}
              signLabel="Sign and send"
              signing={sign.isPending}
              disabled={prepared.review.problems.length > 0}
              onSign={() => sign.mutate(prepared)}
            />
          </>
        ) : (
          <form noValidate className="flex flex-col gap-3" onSubmit={(event) => void submit(event)}>
            <AddressField
              label="Recipient address"
              error={errors.toAddress?.message}
              inputProps={form.register('toAddress', addressRules(network))}
            />
            <InputField
              label={`Amount (${balance.name})`}
              error={errors.amount?.message}
              inputProps={{
                type: 'text',
                inputMode: 'decimal',
                autoComplete: 'off',
                ...form.register('amount', amountRules),
              }}
            />
            <p className="-mt-2 text-xs text-zinc-500">Balance: {runeSendText(held, balance)}</p>
            <FeeRateField
              error={errors.feeRate?.message}
              inputProps={form.register('feeRate', feeRateRules)}
            />
            {prepare.error ? (
              <p role="alert" className="text-sm text-red-300">
                {reason(prepare.error)}
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

/** What leaves, to whom, the fee and what comes back; why not to sign, if anything is off. */
function SendReview({ prepared, balance }: { prepared: PreparedRuneSend; balance: RuneBalance }) {
  const { review, toAddress, baseUnits, feeRate } = prepared;
  return (
    <section aria-label="Transfer review" className="flex flex-col gap-3">
      <dl className="rounded-lg border border-zinc-800 bg-zinc-950/60 px-3 py-2 text-sm">
        <ReviewRow term="Runes">{runeSendText(baseUnits, balance)}</ReviewRow>
        <ReviewRow term="Recipient">
          <span className="break-all font-mono text-[13px]">{toAddress}</span>
        </ReviewRow>
        <ReviewRow term="Sats with the runes">
          <Amount sats={review.recipientValue} />
        </ReviewRow>
        <ReviewRow term={`Network fee (${feeRateText(review.feeRate || feeRate)})`}>
          <Amount sats={review.networkFee} />
        </ReviewRow>
        <ReviewRow term="Change back to you">
          <Amount sats={review.change} />
        </ReviewRow>
        <ReviewRow term="Runes left with you">
          {runeSendText(BigInt(balance.amount) - baseUnits, balance)}
        </ReviewRow>
      </dl>
      {review.problems.length > 0 ? (
        <SigningRefused title={NOT_SIGNING_SEND} problems={review.problems} />
      ) : null}
    </section>
  );
}
