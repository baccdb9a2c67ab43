import { checkDelistPsbt, type BitcoinNetwork } from '@om/bitcoin';
import {
  cancelListingMessage,
  CONNECT_WALLET,
  ConfirmDelistPayloadSchema,
  DELISTING_FAILED,
  DelistOffchainPayloadSchema,
  FAILED_TO_CANCEL_OFFCHAIN,
  FAILED_TO_DELIST,
  INSCRIPTION_DELISTED,
  PrepareDelistPayloadSchema,
  transactionBroadcasted,
  type Listing,
} from '@om/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { toast } from 'sonner';
import { api } from '../../lib/api-client.ts';
import { configQueries } from '../../shared/config.queries.ts';
import { inscriptionQueries } from '../../shared/inscriptions.queries.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import { tradeQueries } from '../../shared/trade.queries.ts';
import { unsafeSighashText } from '../signing/spending-problem-text.ts';
import { step, toastFlowError, TradeFlowError } from '../signing/flow-steps.ts';
import { useSigningFlow } from '../signing/use-signing-flow.ts';

/** Why not to sign a delisting PSBT, in the words the toast shows (packages/bitcoin's rule). */
export function delistProblems(
  psbtBase64: string,
  own: readonly string[],
  network: BitcoinNetwork,
): string[] {
  return checkDelistPsbt(psbtBase64, own, network).map((problem) =>
    problem.code === 'pays-stranger'
      ? `The delisting would pay ${problem.address ?? 'a script without an address'}, not your wallet.`
      : unsafeSighashText(problem.indices, 'The delisting'),
  );
}

/** An on-chain delisting as the server built it, checked, with its fee. */
export type PreparedDelist = Omit<z.infer<typeof PrepareDelistPayloadSchema>, 'fee'> & {
  fee: bigint;
  feeRate: number;
};

/**
 * The two ways out of a listing (research §6): off chain, a signed 'cancel {listingId}' that the
 * server deletes the listing for; on chain, a transaction moving the inscription back to the
 * seller, which voids every signature over its old output (its txid is the mutation's data).
 */
export function useDelist(
  listing: Pick<Listing, 'listingId' | 'inscriptionId'> &
    Partial<Pick<Listing, 'isSnipeProtected'>>,
  { onCanceled }: { onCanceled?: () => void } = {},
) {
  const { wallet, signMessage } = useWallet();
  const queryClient = useQueryClient();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: tradeQueries.all() });
    await queryClient.invalidateQueries({
      queryKey: inscriptionQueries.byId(listing.inscriptionId),
    });
  };

  const offchain = useMutation({
    mutationFn: async () => {
      if (!wallet) throw new TradeFlowError(FAILED_TO_CANCEL_OFFCHAIN, CONNECT_WALLET);
      // The address that signed the listing: the ordinals address, or for a protected listing
      // (its inscription in the maker wallet, ADR 009) the payment address.
      const signer = listing.isSnipeProtected ? wallet.paymentAddress : wallet.ordinalsAddress;
      const signedMessage = await step(FAILED_TO_CANCEL_OFFCHAIN, () =>
        signMessage(cancelListingMessage(listing.listingId), signer),
      );
      await step(FAILED_TO_CANCEL_OFFCHAIN, () =>
        api.delete(
          '/api/listings/protected/delistOffchain',
          { listingId: listing.listingId, signedMessage },
          DelistOffchainPayloadSchema,
        ),
      );
    },
    onSuccess: async () => {
      toast.success(INSCRIPTION_DELISTED);
      onCanceled?.();
      await refresh();
    },
    onError: (error) => toastFlowError(error, FAILED_TO_CANCEL_OFFCHAIN),
  });

  /** The delisting's own wallet, or 'Delisting failed.' when none is connected. */
  const requireWallet = () => {
    if (!wallet) throw new TradeFlowError(DELISTING_FAILED, CONNECT_WALLET);
    return wallet;
  };

  /**
   * On chain: the move built at the chosen fee rate and read before anything is signed (a PSBT
   * with problems is refused there), then signed and confirmed.
   */
  const onchainFlow = useSigningFlow({
    prepareTitle: DELISTING_FAILED,
    title: DELISTING_FAILED,
    prepare: async (feeRate: number): Promise<PreparedDelist> => {
      const maker = requireWallet();
      const prepared = await step(FAILED_TO_DELIST, () =>
        api.delete(
          '/api/listings/protected/delist/prepare',
          {
            makerPaymentAddress: maker.paymentAddress,
            makerPaymentPublicKey: maker.paymentPublicKey,
            listingId: listing.listingId,
            feeRate,
          },
          PrepareDelistPayloadSchema,
        ),
      );
      const { network } = await queryClient.ensureQueryData(configQueries.app());
      const own = [maker.paymentAddress, maker.ordinalsAddress];
      const problems = await step(DELISTING_FAILED, async () =>
        delistProblems(prepared.psbt, own, network),
      );
      if (problems.length > 0) {
        throw new TradeFlowError(DELISTING_FAILED, `${problems.join(' ')} Nothing was signed.`);
      }
      return { ...prepared, feeRate, fee: BigInt(prepared.fee) };
    },
    beforeSign: requireWallet,
    request: (prepared) => ({
      psbtBase64: prepared.psbt,
      // ALL or DEFAULT, as checked above: the server names no sighash for these inputs.
      inputsToSign: prepared.inputsToSign.map(({ index, address }) => ({ index, address })),
      finalize: false,
    }),
    submit: (signedPSBT): Promise<{ txId: string }> =>
      step(FAILED_TO_DELIST, () =>
        api.put(
          '/api/listings/protected/delist/confirm',
          {
            listingId: listing.listingId,
            signedPSBT,
            makerPaymentAddress: requireWallet().paymentAddress,
          },
          ConfirmDelistPayloadSchema,
        ),
      ),
    onSuccess: async ({ txId }) => {
      // One toast saying both: only one is visible at a time, and a second hid the first at once.
      toast.success(INSCRIPTION_DELISTED, { description: transactionBroadcasted(txId) });
      await refresh();
    },
  });

  return { offchain, prepareOnchain: onchainFlow.prepare, onchain: onchainFlow.sign };
}
