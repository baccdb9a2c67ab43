import { bytesToBase64 } from '@om/bitcoin';
import { DEFAULT_FEE_RATE, type Brc20BalanceRow } from '@om/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FeeRateField, InputField } from '../../shared/form-field.tsx';
import { useFeeRateRules } from '../../shared/fee-rate-cap.ts';
import { DIALOG_HEIGHT, DialogActions, DialogBody } from '../../shared/trade-ui.tsx';
import { useWallet } from '../wallet/wallet-context.ts';
import {
  formatWireAmount,
  parseTokenAmount,
  tokenAmountError,
  tokenAmountText,
} from '../../lib/brc20-amount.ts';
import { useServiceOrder } from './service-order.mutations.ts';
import { ServiceOrderSteps } from './service-order-view.tsx';

const FAILED_TO_CREATE_TRANSFER_ORDER =
  'Failed to create the transfer order with the inscription service.';
const TRANSFER_CONTENT_TYPE = 'text/plain;charset=utf-8';

/** The transfer inscription's text, as BRC-20 reads it (amount as a string). */
function transferInscriptionText(tick: string, amt: string): string {
  return JSON.stringify({ p: 'brc-20', op: 'transfer', tick, amt });
}

function transferFile(tick: string, amt: string) {
  const text = transferInscriptionText(tick, amt);
  return {
    name: `${tick}-transfer.txt`,
    type: TRANSFER_CONTENT_TYPE,
    dataURL: `data:${TRANSFER_CONTENT_TYPE};base64,${bytesToBase64(new TextEncoder().encode(text))}`,
  };
}

type Fields = { amt: string; feeRate: string };

/**
 * "Inscribe transfer": a transfer inscription of up to the available balance, inscribed to the
 * wallet's own ordinals address by the inscription service and paid as a mint is.
 */
export function InscribeTransferDialog({
  balance,
  onClose,
}: {
  balance: Brc20BalanceRow;
  onClose: () => void;
}) {
  const { wallet } = useWallet();
  const [stage, setStage] = useState<'form' | 'order'>('form');
  const flow = useServiceOrder({ createFailed: FAILED_TO_CREATE_TRANSFER_ORDER });
  const available = parseTokenAmount(balance.available, balance.decimals) ?? 0n;
  const form = useForm<Fields>({
    mode: 'onChange',
    defaultValues: { amt: '', feeRate: String(DEFAULT_FEE_RATE) },
  });
  const feeRateRules = useFeeRateRules();
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ amt, feeRate }) => {
    if (!wallet) return;
    const units = parseTokenAmount(amt, balance.decimals) ?? 0n;
    setStage('order');
    flow.quote.mutate({
      files: [transferFile(balance.originalTick, tokenAmountText(units, balance.decimals))],
      receiveAddress: wallet.ordinalsAddress,
      fee: Number(feeRate),
    });
  });

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Inscribe ${balance.originalTick} transfer`}
      className={DIALOG_HEIGHT}
    >
      <DialogBody>
        {stage === 'form' ? (
          <form noValidate className="flex flex-col gap-3" onSubmit={(event) => void submit(event)}>
            <InputField
              label="Amount"
              error={errors.amt?.message}
              inputProps={{
                inputMode: 'decimal',
                ...form.register('amt', {
                  validate: (value) =>
                    tokenAmountError(value, {
                      decimals: balance.decimals,
                      max: available,
                      maxLabel: 'your available balance',
                    }) ?? true,
                }),
              }}
            />
            <p className="-mt-2 text-xs text-zinc-500">
              Available {formatWireAmount(balance.available, balance.decimals)}{' '}
              {balance.originalTick}
            </p>
            <FeeRateField
              error={errors.feeRate?.message}
              inputProps={form.register('feeRate', feeRateRules)}
            />
            <DialogActions>
              <Button onClick={onClose}>Cancel</Button>
              <Button type="submit" variant="primary">
                Get price
              </Button>
            </DialogActions>
          </form>
        ) : (
          <ServiceOrderSteps
            flow={flow}
            onBack={() => {
              flow.reset();
              setStage('form');
            }}
            onClose={onClose}
            paidText="Paid: the transfer inscription is on its way to your ordinals address. Once it confirms you can send it."
          />
        )}
      </DialogBody>
    </Dialog>
  );
}
