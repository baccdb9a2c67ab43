import {
  CONNECT_WALLET,
  RuneSendPreparePayloadSchema,
  RuneSendSubmitPayloadSchema,
  type RuneBalance,
  type RuneSendPreparePayload,
} from '@om/core';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { configQueries } from '../../shared/config.queries.ts';
import { TradeFlowError } from '../signing/flow-steps.ts';
import { useSigningFlow } from '../signing/use-signing-flow.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import { walletQueries } from '../wallet/wallet.queries.ts';
import type { WalletAccount } from '../wallet/wallet.types.ts';
import { reviewRuneSend, type RuneSendReview } from './rune-send-review.ts';
import { toastRuneSent } from './rune-send-toast.tsx';
import { runeQueries } from './runes.queries.ts';

const RUNE_SEND_PREPARE_FAILED = 'Could not prepare the rune transfer';
const RUNE_SEND_FAILED = 'Could not send the runes';

/** What the sender typed: base units of the rune, the recipient and the fee rate. */
type RuneSendRequest = { toAddress: string; baseUnits: bigint; feeRate: number };
export type PreparedRuneSend = RuneSendRequest & {
  prepared: RuneSendPreparePayload;
  review: RuneSendReview;
};

function requireWallet(wallet: WalletAccount | null): WalletAccount {
  if (!wallet) throw new TradeFlowError(RUNE_SEND_FAILED, CONNECT_WALLET);
  return wallet;
}

/**
 * Sending runes from the wallet (docs/product.md#runes): POST /api/runes/send/prepare, the PSBT
 * read before signing, the rune inputs signed with the ordinals key and the coins with the payment
 * key, POST /api/runes/send/submit with the prepared token → 'Transaction broadcasted: {txId}'.
 */
export function useRuneSend(balance: RuneBalance) {
  const { wallet } = useWallet();
  const queryClient = useQueryClient();

  return useSigningFlow({
    prepareTitle: RUNE_SEND_PREPARE_FAILED,
    title: RUNE_SEND_FAILED,
    prepare: async (request: RuneSendRequest): Promise<PreparedRuneSend> => {
      const sender = requireWallet(wallet);
      const prepared = await api.post(
        '/api/runes/send/prepare',
        {
          runeId: balance.runeId,
          amount: request.baseUnits.toString(),
          toAddress: request.toAddress,
          feeRate: request.feeRate,
          ordinalAddress: sender.ordinalsAddress,
          ordinalPublicKey: sender.ordinalsPublicKey,
          paymentAddress: sender.paymentAddress,
          paymentPublicKey: sender.paymentPublicKey,
        },
        RuneSendPreparePayloadSchema,
      );
      const { network } = await queryClient.ensureQueryData(configQueries.app());
      const review = reviewRuneSend(prepared, {
        ...request,
        network,
        balance,
        ordinalsAddress: sender.ordinalsAddress,
        paymentAddress: sender.paymentAddress,
      });
      return { ...request, prepared, review };
    },
    problems: ({ review }) => review.problems,
    beforeSign: () => requireWallet(wallet),
    request: ({ prepared }) => {
      const sender = requireWallet(wallet);
      return {
        psbtBase64: prepared.psbt,
        inputsToSign: [
          ...prepared.ordinalInputs.map((index) => ({ index, address: sender.ordinalsAddress })),
          ...prepared.paymentInputs.map((index) => ({ index, address: sender.paymentAddress })),
        ],
        finalize: false,
      };
    },
    submit: async (signedPsbt, { prepared }) =>
      (
        await api.post(
          '/api/runes/send/submit',
          { signedPsbt, preparedToken: prepared.preparedToken },
          RuneSendSubmitPayloadSchema,
        )
      ).txid,
    onSuccess: async (txid) => {
      const { explorerTxUrl } = await queryClient.ensureQueryData(configQueries.app());
      toastRuneSent(txid, explorerTxUrl);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...runeQueries.all(), 'balances'] }),
        queryClient.invalidateQueries({ queryKey: walletQueries.balances() }),
      ]);
    },
  });
}
