import {
  FAILED_TO_FETCH_ORDER_PRICE,
  transactionBroadcasted,
  type InscribeOrder,
  type InscribeRequest,
  type PaymentPsbt,
  type Price,
} from '@om/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { configQueries } from '../../shared/config.queries.ts';
import { requireWallet } from '../mint/mint.mutations.ts';
import { signStep, step, toastFlowError, TradeFlowError } from '../signing/flow-steps.ts';
import { walletQueries } from '../wallet/wallet.queries.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import type { WalletAccount } from '../wallet/wallet.types.ts';
import { inscribeService, serviceBase, waitForChargeAddress } from './inscribe-service.ts';
import { reviewServicePayment, type ServicePaymentReview } from './payment-review.ts';

/** The fallback title of a payment the service refused. */
const ORDER_PAYMENT_FAILED = 'Could not pay the order';

export type ServiceQuote = { request: InscribeRequest; price: Price };
export type PreparedOrder = ServiceQuote & {
  order: InscribeOrder;
  payment: PaymentPsbt;
  review: ServicePaymentReview;
};
export type PaidOrder = PreparedOrder & { txid: string; payer: WalletAccount };

type Options = {
  /** The toast title when the order cannot be created (the spec's for mints). */
  createFailed: string;
  onPaid?: (paid: PaidOrder) => void;
};

/**
 * An order of the inscription service paid from the connected wallet (product.md#market-calls):
 * `quote` asks POST {base}/price; `prepare` creates the order, waits for its charge address, asks
 * the payment PSBT and reviews it; `pay` signs it and POSTs {base}/pay. Nothing is signed unread.
 */
export function useServiceOrder({ createFailed, onPaid }: Options) {
  const { wallet, signPsbt } = useWallet();
  const queryClient = useQueryClient();
  const config = () => queryClient.ensureQueryData(configQueries.app());

  const quote = useMutation({
    mutationFn: async (request: InscribeRequest): Promise<ServiceQuote> => {
      requireWallet(wallet);
      const base = serviceBase((await config()).inscriptionServiceUrl);
      const price = await step(FAILED_TO_FETCH_ORDER_PRICE, () =>
        inscribeService.price(base, request),
      );
      return { request, price };
    },
    onError: (error) => toastFlowError(error, FAILED_TO_FETCH_ORDER_PRICE),
  });

  const prepare = useMutation({
    mutationFn: async ({ request, price }: ServiceQuote): Promise<PreparedOrder> => {
      const payer = requireWallet(wallet);
      const { network, inscriptionServiceUrl } = await config();
      const base = serviceBase(inscriptionServiceUrl);
      const created = await step(createFailed, () => inscribeService.inscribe(base, request));
      const order = await waitForChargeAddress(base, created.id);
      const payment = await step(createFailed, () =>
        inscribeService.paymentPsbt(base, {
          id: order.id,
          paymentAddress: payer.paymentAddress,
          paymentPublicKey: payer.paymentPublicKey,
          feeRate: request.fee,
        }),
      );
      const review = reviewServicePayment(order, payment, {
        network,
        paymentAddress: payer.paymentAddress,
        feeRate: request.fee,
        quotedAmount: BigInt(price.amount),
      });
      return { request, price, order, payment, review };
    },
    onError: (error) => toastFlowError(error, createFailed),
  });

  const pay = useMutation({
    mutationFn: async (prepared: PreparedOrder): Promise<PaidOrder> => {
      const payer = requireWallet(wallet);
      const { review, payment, order } = prepared;
      // Never reached from the dialog (its button is off), but a refused review is never signed.
      if (review.problems.length > 0) {
        throw new TradeFlowError(ORDER_PAYMENT_FAILED, review.problems.join(' '));
      }
      const signedPsbt = await signStep(signPsbt, {
        psbtBase64: payment.psbt,
        inputsToSign: payment.inputsToSign.map((index) => ({
          index,
          address: payer.paymentAddress,
        })),
        finalize: false,
      });
      const base = serviceBase((await config()).inscriptionServiceUrl);
      const paid = await step(ORDER_PAYMENT_FAILED, () =>
        inscribeService.pay(base, { id: order.id, signedPsbt }),
      );
      return { ...prepared, txid: paid.paymentTxid ?? review.txid, payer };
    },
    onSuccess: (paid) => {
      toast.success(transactionBroadcasted(paid.txid));
      void queryClient.invalidateQueries({ queryKey: walletQueries.balances() });
      onPaid?.(paid);
    },
    onError: (error) => toastFlowError(error, ORDER_PAYMENT_FAILED),
  });

  const reset = () => {
    quote.reset();
    prepare.reset();
    pay.reset();
  };
  return { quote, prepare, pay, reset };
}
