import {
  btcToSats,
  DEFAULT_FEE_RATE,
  SPLIT_DEFAULT_OUTPUTS,
  SPLIT_MAX_OUTPUTS,
  SPLIT_MIN_OUTPUTS,
  splitAmountError,
} from '@om/core';
import { useForm } from 'react-hook-form';
import { FlowReview } from './flow-review.tsx';
import {
  ActionCard,
  BtcAmountField,
  FeeRateField,
  InputField,
  PrepareButton,
} from '../../shared/form-field.tsx';
import { useFeeRateRules } from '../../shared/fee-rate-cap.ts';
import { outputCountRules, readBtcAmount, readOutputCount } from '../../lib/form-rules.ts';
import { useDeposit, type WalletSession } from './wallet-actions.mutations.ts';

type Fields = { amount: string; numberOfOutputs: string; feeRate: string };

/**
 * product.md#validation split rules: a deposit becomes numberOfOutputs coins (8 by default, 4 …
 * 10) of at least 10,000 sats each, so that several purchases can take padding at once.
 */
function depositAmountError(amount: string, numberOfOutputs: string): string | undefined {
  const read = readBtcAmount(amount);
  if ('error' in read) return read.error;
  const outputs = readOutputCount(numberOfOutputs, SPLIT_MIN_OUTPUTS, SPLIT_MAX_OUTPUTS);
  return splitAmountError(read.sats, outputs ?? SPLIT_MIN_OUTPUTS);
}

/** BTC from the payment address into the multisig wallet. */
export function DepositForm({ session }: { session: WalletSession }) {
  const flow = useDeposit(session);
  const { register, handleSubmit, formState, trigger } = useForm<Fields>({
    defaultValues: {
      amount: '',
      numberOfOutputs: String(SPLIT_DEFAULT_OUTPUTS),
      feeRate: String(DEFAULT_FEE_RATE),
    },
  });
  const feeRateRules = useFeeRateRules(() => trigger('feeRate'));
  const { errors } = formState;
  const submit = handleSubmit(({ amount, numberOfOutputs, feeRate }) =>
    flow.prepare.mutate({
      amount: btcToSats(amount),
      numberOfOutputs: Number(numberOfOutputs),
      feeRate: Number(feeRate),
    }),
  );

  return (
    <ActionCard
      title="Deposit"
      description="From your payment address, split into several coins so that several purchases can take padding at once."
    >
      <form noValidate className="flex flex-col gap-3" onSubmit={(event) => void submit(event)}>
        <BtcAmountField
          error={errors.amount?.message}
          inputProps={register('amount', {
            validate: (value, values) => depositAmountError(value, values.numberOfOutputs) ?? true,
          })}
        />
        <InputField
          label="Number of outputs"
          error={errors.numberOfOutputs?.message}
          inputProps={{
            type: 'number',
            min: SPLIT_MIN_OUTPUTS,
            max: SPLIT_MAX_OUTPUTS,
            step: 1,
            ...register('numberOfOutputs', outputCountRules(SPLIT_MIN_OUTPUTS, SPLIT_MAX_OUTPUTS)),
          }}
        />
        <FeeRateField
          error={errors.feeRate?.message}
          inputProps={register('feeRate', feeRateRules)}
        />
        <PrepareButton isPending={flow.prepare.isPending}>Review deposit</PrepareButton>
      </form>
      <FlowReview
        flow={flow}
        title="Review deposit"
        walletLabel="multisig wallet"
        signLabel="Sign and deposit"
        txLabel="Deposit"
      />
    </ActionCard>
  );
}
