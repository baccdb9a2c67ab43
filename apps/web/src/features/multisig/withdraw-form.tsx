import {
  btcToSats,
  DEFAULT_FEE_RATE,
  satsToBtc,
  SPLIT_DUST_FLOOR_SATS,
  splitMinimumMessage,
  withdrawalError,
  type MultisigUtxosPayload,
} from '@om/core';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { FlowReview } from './flow-review.tsx';
import {
  ActionCard,
  AddressField,
  BtcAmountField,
  FeeRateField,
  PrepareButton,
} from '../../shared/form-field.tsx';
import { useFeeRateRules, useMaxFeeRate } from '../../shared/fee-rate-cap.ts';
import { addressRules, readBtcAmount, readFeeRate } from '../../lib/form-rules.ts';
import { useWithdrawal, type WalletSession } from './wallet-actions.mutations.ts';
import { aboveMaxText, withdrawalMax, type WithdrawalMax } from './withdrawal-max.ts';

type Fields = { recipientAddress: string; amount: string; feeRate: string };

/**
 * The server's own checks, before asking it (product.md#validation): at least the 1,000-sat dust
 * floor, no more than the available balance, and no more than what is left of it after the network
 * fee (unknown while the coins load: the server checks it then).
 */
function withdrawalAmountError(
  amount: string,
  availableSats: bigint | undefined,
  max?: WithdrawalMax,
): string | undefined {
  const read = readBtcAmount(amount);
  if ('error' in read) return read.error;
  if (read.sats < SPLIT_DUST_FLOOR_SATS) {
    return splitMinimumMessage(satsToBtc(SPLIT_DUST_FLOOR_SATS));
  }
  const exceeds =
    availableSats === undefined ? undefined : withdrawalError(read.sats, availableSats);
  if (exceeds) return exceeds;
  return max && read.sats > max.amount ? aboveMaxText(max) : undefined;
}

/** BTC out of the multisig wallet to any address; the fee is paid from the wallet. */
export function WithdrawForm({
  session,
  coins,
}: {
  session: WalletSession;
  /** The wallet's coins (GET /api/multisig/utxos), undefined while they load. */
  coins: MultisigUtxosPayload | undefined;
}) {
  const flow = useWithdrawal(session);
  const availableSats = coins ? BigInt(coins.availableBalance) : undefined;
  const { register, handleSubmit, formState, control, setValue, trigger } = useForm<Fields>({
    defaultValues: {
      recipientAddress: session.account.paymentAddress,
      amount: '',
      feeRate: String(DEFAULT_FEE_RATE),
    },
  });
  const feeRateRules = useFeeRateRules(() => trigger('feeRate'));
  const maxFeeRate = useMaxFeeRate();
  const { errors } = formState;
  const [recipientAddress, feeRateText] = useWatch({
    control,
    name: ['recipientAddress', 'feeRate'],
  });
  const feeRate = readFeeRate(feeRateText, maxFeeRate);
  const max =
    coins && feeRate !== undefined
      ? withdrawalMax({ utxos: coins.utxos, recipientAddress, feeRate, network: session.network })
      : undefined;
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
        <div className="flex flex-col gap-1">
          <BtcAmountField
            error={errors.amount?.message}
            inputProps={register('amount', {
              validate: (value) => withdrawalAmountError(value, availableSats, max) ?? true,
            })}
          />
          <Button
            type="button"
            size="sm"
            className="self-end"
            disabled={max === undefined}
            onClick={() =>
              max && setValue('amount', satsToBtc(max.amount), { shouldValidate: true })
            }
          >
            Max
          </Button>
        </div>
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
