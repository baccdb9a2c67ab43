import { zodResolver } from '@hookform/resolvers/zod';
import { FAILED_TO_CREATE_MINT_ORDER, type Brc20Token } from '@om/core';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { useAppConfig } from '../../shared/config.queries.ts';
import { useMaxFeeRate } from '../../shared/fee-rate-cap.ts';
import { FeeRateField, InputField } from '../../shared/form-field.tsx';
import { DIALOG_HEIGHT, DialogActions, DialogBody } from '../../shared/trade-ui.tsx';
import { useWallet } from '../wallet/wallet-context.ts';
import { formatWireAmount } from '../../lib/brc20-amount.ts';
import {
  mintFormDefaults,
  mintFormSchema,
  readMintForm,
  type MintFormValues,
} from './mint-form.ts';
import { addMintRecord } from './mint-records.ts';
import { useServiceOrder } from './service-order.mutations.ts';
import { ServiceOrderSteps } from './service-order-view.tsx';

/**
 * Minting a BRC-20 token through the inscription service (ADR 015): amount per mint, number of
 * mints and fee rate; the itemised price; the order and its payment reviewed, then signed; a
 * local mint record followed until the order completes.
 */
export function MintTokenDialog({
  token,
  open,
  onClose,
}: {
  token: Brc20Token;
  open: boolean;
  onClose: () => void;
}) {
  const { wallet } = useWallet();
  const network = useAppConfig()?.network;
  const [stage, setStage] = useState<'form' | 'order'>('form');
  const flow = useServiceOrder({
    createFailed: FAILED_TO_CREATE_MINT_ORDER,
    onPaid: ({ order, txid, payer, request }) => {
      if (!network || !request.brc20) return;
      const { tokensAmount } = readMintForm(token, {
        amt: request.brc20.amt,
        count: String(request.brc20.count),
        feeRate: String(request.fee),
      });
      addMintRecord(network, {
        orderId: order.id,
        ticker: token.originalTick,
        txId: txid,
        mintsAmount: request.brc20.count,
        tokensAmount,
        feeRate: request.fee,
        status: 'pending',
        receiverAddress: payer.ordinalsAddress,
        timestamp: Date.now(),
      });
    },
  });
  const maxFeeRate = useMaxFeeRate();
  const resolver = useMemo(
    () => zodResolver(mintFormSchema(token, maxFeeRate)),
    [token, maxFeeRate],
  );
  const form = useForm<MintFormValues>({
    resolver,
    mode: 'onChange',
    defaultValues: mintFormDefaults(token),
  });
  const { errors } = form.formState;

  const close = () => {
    flow.reset();
    setStage('form');
    onClose();
  };
  const submit = form.handleSubmit((values) => {
    if (!wallet) return;
    const { amt, count, feeRate } = readMintForm(token, values);
    setStage('order');
    flow.quote.mutate({
      brc20: { tick: token.originalTick, amt, count },
      receiveAddress: wallet.ordinalsAddress,
      fee: feeRate,
    });
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      title={`Mint ${token.originalTick}`}
      className={DIALOG_HEIGHT}
    >
      <DialogBody>
        {stage === 'form' ? (
          <form noValidate className="flex flex-col gap-3" onSubmit={(event) => void submit(event)}>
            <InputField
              label="Ticker"
              error={undefined}
              inputProps={{ value: token.originalTick, readOnly: true }}
            />
            <InputField
              label="Amount per mint"
              error={errors.amt?.message}
              inputProps={{ inputMode: 'decimal', ...form.register('amt') }}
            />
            <p className="-mt-2 text-xs text-zinc-500">
              Limit per mint {formatWireAmount(token.limitPerMint, token.decimals)} ·{' '}
              {token.decimals} decimals
            </p>
            <InputField
              label="Number of mints"
              error={errors.count?.message}
              inputProps={{ type: 'number', min: 1, step: 1, ...form.register('count') }}
            />
            <FeeRateField error={errors.feeRate?.message} inputProps={form.register('feeRate')} />
            <p className="text-xs text-zinc-500">
              Each mint is inscribed to your ordinals address with a postage of 546 sats.
            </p>
            <DialogActions>
              <Button onClick={close}>Cancel</Button>
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
            onClose={close}
            paidText="Paid: your mints are being inscribed. Follow them under My mints."
          />
        )}
      </DialogBody>
    </Dialog>
  );
}
