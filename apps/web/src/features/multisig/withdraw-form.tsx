import {
  btcToSats,
  DEFAULT_FEE_RATE,
  satsToBtc,
  SPLIT_DUST_FLOOR_SATS,
  splitMinimumMessage,
  withdrawalError,
} from '@om/core';
import { useForm } from 'react-hook-form';
import { FlowReview } from './flow-review.tsx';
import {
  ActionCard,
  AddressField,
  BtcAmountField,
  FeeRateField,
  PrepareButton,
} from './form-field.tsx';
import { addressRules, feeRateRules, readBtcAmount } from './form-rules.ts';
import { useWithdrawal, type WalletSession } from './wallet-actions.mutations.ts';

type Fields = { recipientAddress: string; amount: string; feeRate: string };

/**
 * The server's own checks, before asking it (spec 001 §5): at least the 1,000-sat dust floor, and
 * no more than the available balance (unknown while it loads: the server checks it then).
 */
export function withdrawalAmountError(
  amount: string,
  availableSats: bigint | undefined,
): string | undefined {
  const read = readBtcAmount(amount);
  if ('error' in read) return read.error;
  if (read.sats < SPLIT_DUST_FLOOR_SATS) {
    return splitMinimumMessage(satsToBtc(SPLIT_DUST_FLOOR_SATS));
  }
  return availableSats === undefined ? undefined : withdrawalError(read.sats, availableSats);
}

/** BTC out of the multisig wallet to any address; the fee is paid from the wallet. */
export function WithdrawForm({
  session,
  availableSats,
}: {
  session: WalletSession;
  availableSats: bigint | undefined;
}) {
  const flow = useWithdrawal(session);
  const { register, handleSubmit, formState } = useForm<Fields>({
    defaultValues: {
      recipientAddress: session.account.paymentAddress,
      amount: '',
      feeRate: String(DEFAULT_FEE_RATE),
    },
  });
  const { errors } = formState;
  const submit = handleSubmit(({ recipientAddress, amount, feeRate }) =>
    flow.prepare.mutate({
      recipientAddress: recipientAddress.trim(),
      amount: btcToSats(amount),
      feeRate: Number(feeRate),
    }),
  );

  return (
    <ActionCard
      title="Withdraw BTC"
      description="From your multisig wallet to any address; the network fee comes from the wallet."
    >
      <form noValidate className="flex flex-col gap-3" onSubmit={(event) => void submit(event)}>
        <AddressField
          label="Recipient address"
          error={errors.recipientAddress?.message}
          inputProps={register('recipientAddress', addressRules(session.network))}
        />
        <BtcAmountField
          error={errors.amount?.message}
          inputProps={register('amount', {
            validate: (value) => withdrawalAmountError(value, availableSats) ?? true,
          })}
        />
        <FeeRateField
          error={errors.feeRate?.message}
          inputProps={register('feeRate', feeRateRules)}
        />
        <PrepareButton isPending={flow.prepare.isPending}>Review withdrawal</PrepareButton>
      </form>
      <FlowReview
        flow={flow}
        title="Review withdrawal"
        walletLabel="multisig wallet"
        signLabel="Sign and withdraw"
        txLabel="Withdrawal"
      />
    </ActionCard>
  );
}
