import {
  BuiltPsbtPayloadSchema,
  CONNECT_WALLET,
  LISTING_FAILED,
  MultisigBroadcastPayloadSchema,
  type DepositInscriptionsBody,
  type MultisigWallet,
} from '@om/core';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { configQueries } from '../../shared/config.queries.ts';
import { fetchVerifiedWallet } from '../multisig/multisig.queries.ts';
import { WalletCheckError } from '../multisig/multisig-wallet.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import type { InputToSign } from '../wallet/wallet.types.ts';
import {
  NOT_YOUR_MAKER_WALLET,
  reviewInscriptionDeposit,
  type DepositReview,
} from './deposit-review.ts';
import type { ListingDraft } from './listing.mutations.ts';
import { step, TradeFlowError } from '../signing/flow-steps.ts';
import { useSigningFlow } from '../signing/use-signing-flow.ts';

/** The deposit PSBT the server built for the drafts not yet in the maker wallet. */
export type PreparedMove = {
  psbt: string;
  inputsToSign: InputToSign[];
  review: DepositReview;
  /** Which drafts it moves, in its input (and output) order. */
  moving: number[];
};

/** A protected listing's first step: the maker wallet, and the move into it when one is needed. */
export type PreparedDeposit = {
  maker: MultisigWallet;
  drafts: ListingDraft[];
  /** Null when every inscription already sits in the maker wallet. */
  move: PreparedMove | null;
};

/** The drafts at their outputs in the maker wallet, ready for a protected listing. */
export type DepositedDrafts = {
  maker: MultisigWallet;
  drafts: ListingDraft[];
  /** The deposit's txid; '' when nothing had to move. */
  txid: string;
};

/**
 * The drafts once moved: input i of the deposit went whole to output i (ADR 009), so the k-th
 * moved inscription is at `${txid}:${k}`, at the maker wallet.
 */
export function depositedDrafts(prepared: PreparedDeposit, txid: string): DepositedDrafts {
  const moving = prepared.move?.moving ?? [];
  const drafts = prepared.drafts.map((draft, i) => {
    const k = moving.indexOf(i);
    if (k < 0) return draft;
    return { ...draft, outpoint: `${txid}:${k}`, address: prepared.maker.address };
  });
  return { maker: prepared.maker, drafts, txid };
}

/**
 * Moving inscriptions into the maker wallet before a protected listing (ADR 009): `prepare` gets
 * the maker wallet (get-maker-wallet) and, for the inscriptions not there yet, the deposit PSBT
 * (deposit-inscriptions), reviewed before anything is signed; `sign` signs it with the ordinals
 * and payment keys and sends it (deposit-inscriptions/confirm). Failures toast as a listing's.
 */
export function useInscriptionDeposit() {
  const { wallet } = useWallet();
  const queryClient = useQueryClient();

  /** The move of a prepared deposit; only called when there is one. */
  const moveOf = ({ move }: PreparedDeposit): PreparedMove => {
    if (!move) throw new TradeFlowError(LISTING_FAILED, 'Nothing to move.');
    return move;
  };

  return useSigningFlow({
    prepareTitle: LISTING_FAILED,
    title: LISTING_FAILED,
    prepare: async ({
      drafts,
      feeRate,
    }: {
      drafts: ListingDraft[];
      feeRate: number;
    }): Promise<PreparedDeposit> => {
      if (!wallet) throw new TradeFlowError(LISTING_FAILED, CONNECT_WALLET);
      // Moving to, or listing from, a script that is not the seller's own 2-of-2 would hand the
      // inscription or its signature to someone else: stop before anything is signed.
      const maker = await step(LISTING_FAILED, async () => {
        try {
          return (await fetchVerifiedWallet(queryClient, 'maker', wallet)).info;
        } catch (error) {
          if (!(error instanceof WalletCheckError)) throw error;
          throw new TradeFlowError(LISTING_FAILED, NOT_YOUR_MAKER_WALLET);
        }
      });
      const { network } = await queryClient.ensureQueryData(configQueries.app());
      const toMove = drafts.filter((draft) => draft.address !== maker.address);
      if (toMove.length === 0) return { maker, drafts, move: null };
      const moving = toMove.map((draft) => drafts.indexOf(draft));
      const body: DepositInscriptionsBody = {
        inscriptionIds: toMove.map((draft) => draft.inscriptionId),
        ordinalAddress: wallet.ordinalsAddress,
        ordinalPublicKey: wallet.ordinalsPublicKey,
        paymentAddress: wallet.paymentAddress,
        paymentPublicKey: wallet.paymentPublicKey,
        feeRate,
      };
      const built = await step(LISTING_FAILED, () =>
        api.post('/api/multisig/deposit-inscriptions', body, BuiltPsbtPayloadSchema),
      );
      const review = reviewInscriptionDeposit(built.psbt, {
        network,
        wallet,
        maker,
        items: toMove,
        inputsToSign: built.inputsToSign,
        feeRate,
        txid: built.txid,
      });
      // ALL or DEFAULT, as the review checked: the server names no sighash for these inputs.
      const inputsToSign = built.inputsToSign.map(({ index, address }) => ({ index, address }));
      return { maker, drafts, move: { psbt: built.psbt, inputsToSign, review, moving } };
    },
    withoutSigning: (prepared) => (prepared.move ? undefined : depositedDrafts(prepared, '')),
    problems: (prepared) => moveOf(prepared).review.problems,
    request: (prepared) => ({
      psbtBase64: moveOf(prepared).psbt,
      inputsToSign: moveOf(prepared).inputsToSign,
      finalize: false,
    }),
    submit: async (signedPsbt, prepared): Promise<DepositedDrafts> => {
      const move = moveOf(prepared);
      const { txId } = await api.post(
        '/api/multisig/deposit-inscriptions/confirm',
        { signedPsbt },
        MultisigBroadcastPayloadSchema,
      );
      if (txId !== move.review.txid) {
        throw new TradeFlowError(
          LISTING_FAILED,
          `The server sent ${txId}, not the deposit you signed (${move.review.txid}).`,
        );
      }
      return depositedDrafts(prepared, txId);
    },
  });
}
