import { CONTENT_COPIED, DEFAULT_FEE_RATE, type MultisigUtxosPayload } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { LoadError, Loading } from '../../components/ui/load-state.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { TrackedTransaction } from '../../shared/tracked-transaction.tsx';
import { CopyTextButton } from './copy-text-button.tsx';
import { AddressField, FeeRateField } from '../../shared/form-field.tsx';
import { useFeeRateRules } from '../../shared/fee-rate-cap.ts';
import { addressRules } from '../../lib/form-rules.ts';
import { multisigQueries } from './multisig.queries.ts';
import {
  WALLET_KIND_LABELS,
  type MultisigAccount,
  type VerifiedWallet,
} from './multisig-wallet.ts';
import { PsbtReviewView } from './psbt-review.tsx';
import { planRecovery, type RecoveryPlan } from './recovery.ts';
import { RecoveryCoins } from './recovery-coins.tsx';
import { useRecovery } from './recovery.mutations.ts';

type Fields = { recipientAddress: string; feeRate: string };

/** One wallet's coins and its recovery: build, review, sign, then the hex to broadcast anywhere. */
export function WalletRecovery({
  account,
  target,
  defaultRecipient,
}: {
  account: MultisigAccount;
  target: VerifiedWallet;
  defaultRecipient: string;
}) {
  const label = WALLET_KIND_LABELS[target.info.kind];
  const coins = useQuery(multisigQueries.utxos(target.info.id));
  return (
    <section aria-label={`Recover the ${label}`} className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold capitalize text-zinc-50">{label}</h2>
      <p className="break-all font-mono text-[13px] text-zinc-400">{target.info.address}</p>
      {coins.isPending ? (
        <Loading what={`the ${label}'s coins`} />
      ) : coins.isError ? (
        <LoadError what={`the ${label}'s coins`} error={coins.error} />
      ) : (
        <>
          <RecoveryCoins utxos={coins.data.utxos} tipHeight={coins.data.tipHeight} />
          <RecoveryBuilder
            account={account}
            target={target}
            coins={coins.data}
            defaultRecipient={defaultRecipient}
          />
        </>
      )}
    </section>
  );
}

function RecoveryBuilder({
  account,
  target,
  coins,
  defaultRecipient,
}: {
  account: MultisigAccount;
  target: VerifiedWallet;
  coins: MultisigUtxosPayload;
  defaultRecipient: string;
}) {
  const id = useId();
  const label = WALLET_KIND_LABELS[target.info.kind];
  const [plan, setPlan] = useState<RecoveryPlan>();
  const [buildError, setBuildError] = useState<string>();
  const { sign, broadcast } = useRecovery(target);
  const { register, handleSubmit, formState, trigger } = useForm<Fields>({
    defaultValues: { recipientAddress: defaultRecipient, feeRate: String(DEFAULT_FEE_RATE) },
  });
  const feeRateRules = useFeeRateRules(() => trigger('feeRate'));
  const { errors } = formState;
  const build = handleSubmit(({ recipientAddress, feeRate }) => {
    sign.reset();
    broadcast.reset();
    try {
      setPlan(
        planRecovery({
          target,
          utxos: coins.utxos,
          recipientAddress: recipientAddress.trim(),
          feeRate: Number(feeRate),
          network: account.network,
          paymentAddress: account.account.paymentAddress,
        }),
      );
      setBuildError(undefined);
    } catch (error) {
      setPlan(undefined);
      setBuildError(errorMessage(error));
    }
  });
  const final = sign.data;
  const isTooEarly = plan !== undefined && coins.tipHeight + 1 < plan.validFrom;

  return (
    <div className="flex flex-col gap-3">
      <form noValidate className="grid gap-3 sm:grid-cols-2" onSubmit={(e) => void build(e)}>
        <AddressField
          label="Send everything to"
          error={errors.recipientAddress?.message}
          inputProps={register('recipientAddress', addressRules(account.network))}
        />
        <FeeRateField
          error={errors.feeRate?.message}
          inputProps={register('feeRate', feeRateRules)}
        />
        <Button type="submit" className="self-start">
          Build the recovery transaction
        </Button>
      </form>
      {buildError ? (
        <p role="alert" className="text-sm text-red-300">
          {buildError} The BTC coins pay the fee: if there are none, send a little BTC to the{' '}
          {label}&apos;s address first.
        </p>
      ) : null}
      {plan && !final ? (
        <>
          <PsbtReviewView review={plan.review} walletLabel={label} />
          <Button
            variant="primary"
            className="self-start"
            disabled={sign.isPending || plan.review.problems.length > 0}
            onClick={() => sign.mutate(plan)}
          >
            {sign.isPending ? 'Signing…' : 'Sign with your wallet'}
          </Button>
        </>
      ) : null}
      {plan && final ? (
        <div className="flex flex-col gap-2">
          <div className="flex items-center justify-between">
            <label htmlFor={`${id}-hex`} className="text-sm text-zinc-300">
              Signed transaction (raw hex, {final.vsize} vB)
            </label>
            <CopyTextButton
              value={final.hex}
              label="Copy the raw transaction"
              copiedText={CONTENT_COPIED}
            />
          </div>
          <textarea
            id={`${id}-hex`}
            readOnly
            rows={4}
            value={final.hex}
            className="w-full rounded-lg border border-zinc-700 bg-zinc-950 p-2 font-mono text-xs text-zinc-200"
          />
          <p className="text-xs text-zinc-500">
            Any node or Esplora (sendrawtransaction, POST /tx) accepts it from block{' '}
            {plan.validFrom}
            {isTooEarly ? `; nodes refuse it until then (tip: ${coins.tipHeight}).` : '.'}
          </p>
          {broadcast.data ? (
            <TrackedTransaction txid={broadcast.data.txid} label="Recovery" />
          ) : (
            <Button
              className="self-start"
              disabled={isTooEarly || broadcast.isPending}
              onClick={() => broadcast.mutate(final.hex)}
            >
              {broadcast.isPending ? 'Broadcasting…' : 'Broadcast it through this site'}
            </Button>
          )}
        </div>
      ) : null}
    </div>
  );
}
