import { DEFAULT_FEE_RATE, MULTISIG_PADDING_MAX_OUTPUTS, PADDING_OUTPUTS } from '@om/core';
import { useForm } from 'react-hook-form';
import { FlowReview } from './flow-review.tsx';
import { ActionCard, FeeRateField, InputField, PrepareButton } from '../../shared/form-field.tsx';
import { useFeeRateRules } from '../../shared/fee-rate-cap.ts';
import { outputCountRules } from '../../lib/form-rules.ts';
import { usePaddingSetup, type WalletSession } from './wallet-actions.mutations.ts';

type Fields = { numberOfOutputs: string; feeRate: string };
const MIN_OUTPUTS = 1;

/** Padding outputs (1,000 sats each) made from the multisig wallet's coins, for purchases. */
export function PaddingForm({
  session,
  paddingCount,
}: {
  session: WalletSession;
  paddingCount: number | undefined;
}) {
  const flow = usePaddingSetup(session);
  const { register, handleSubmit, formState, trigger } = useForm<Fields>({
    defaultValues: { numberOfOutputs: String(PADDING_OUTPUTS), feeRate: String(DEFAULT_FEE_RATE) },
  });
  const feeRateRules = useFeeRateRules(() => trigger('feeRate'));
  const { errors } = formState;
  const submit = handleSubmit(({ numberOfOutputs, feeRate }) =>
    flow.prepare.mutate({ numberOfOutputs: Number(numberOfOutputs), feeRate: Number(feeRate) }),
  );

  return (
    <ActionCard
      title="Set up padding"
      description={
        paddingCount === undefined
          ? 'Purchases take their padding outputs from your multisig wallet.'
          : `Purchases take their padding outputs from your multisig wallet; it has ${paddingCount} now.`
      }
    >
      <form noValidate className="flex flex-col gap-3" onSubmit={(event) => void submit(event)}>
        <InputField
          label="Number of padding outputs"
          error={errors.numberOfOutputs?.message}
          inputProps={{
            type: 'number',
            min: MIN_OUTPUTS,
            max: MULTISIG_PADDING_MAX_OUTPUTS,
            step: 1,
            ...register(
              'numberOfOutputs',
              outputCountRules(MIN_OUTPUTS, MULTISIG_PADDING_MAX_OUTPUTS),
            ),
          }}
        />
        <FeeRateField
          error={errors.feeRate?.message}
          inputProps={register('feeRate', feeRateRules)}
        />
        <PrepareButton isPending={flow.prepare.isPending}>Review padding setup</PrepareButton>
      </form>
      <FlowReview
        flow={flow}
        title="Review padding setup"
        walletLabel="multisig wallet"
        signLabel="Sign and set up"
        txLabel="Padding setup"
      />
    </ActionCard>
  );
}
