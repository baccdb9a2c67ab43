import { parsePsbt } from '@om/bitcoin';
import { FAILED_TO_SIGN_PSBT, INVALID_SIGNED_DATA } from '@om/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { step, toastFlowError, TradeFlowError } from '../trade/trade-flow.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import type { InputToSign } from '../wallet/wallet.types.ts';
import { multisigQueries } from './multisig.queries.ts';
import type { PsbtReview } from './psbt-check.ts';

/** A PSBT the server built, what signing it does, and what the flow needs once it is signed. */
export type PreparedPsbt<Extra> = {
  psbt: string;
  inputsToSign: InputToSign[];
  review: PsbtReview;
  extra: Extra;
};

/**
 * The inputs among `indices` that carry no signature in a PSBT the wallet returned. Wallets that
 * only sign inputs at their own address skip P2WSH ones without a word; this says so before the
 * server does. Throws TradeError for a PSBT that cannot be read.
 */
export function unsignedInputs(signedPsbt: string, indices: readonly number[]): number[] {
  const tx = parsePsbt(signedPsbt);
  return indices.filter((index) => {
    if (index >= tx.inputsLength) return true;
    const input = tx.getInput(index);
    return !(input.partialSig?.length || input.finalScriptWitness?.length || input.tapKeySig);
  });
}

async function signChecked(
  signPsbt: ReturnType<typeof useWallet>['signPsbt'],
  prepared: PreparedPsbt<unknown>,
  title: string,
): Promise<string> {
  const signed = await step(title, () =>
    signPsbt({ psbtBase64: prepared.psbt, inputsToSign: prepared.inputsToSign, finalize: false }),
  );
  let missing: number[];
  try {
    missing = unsignedInputs(
      signed,
      prepared.inputsToSign.map((i) => i.index),
    );
  } catch {
    throw new TradeFlowError(title, INVALID_SIGNED_DATA);
  }
  if (missing.length > 0) {
    throw new TradeFlowError(
      title,
      `Your wallet did not sign input ${missing.join(', ')}: it may not sign multisig (P2WSH) inputs.`,
    );
  }
  return signed;
}

type FlowOptions<Input, Extra> = {
  /** The toast title of any failure. */
  title: string;
  /** The toast title when the wallet does not sign; 'Failed to sign psbt' by default. */
  signTitle?: string;
  prepare: (input: Input) => Promise<PreparedPsbt<Extra>>;
  confirm: (signedPsbt: string, prepared: PreparedPsbt<Extra>) => Promise<{ txId: string }>;
  successText: (txId: string) => string;
  onBroadcast?: (txId: string, prepared: PreparedPsbt<Extra>) => void;
};

/**
 * Every multisig action in two steps, as the trade dialogs do: `prepare` asks the server for the
 * PSBT and checks it; `sign` refuses a PSBT with problems, has the wallet sign its inputs, and
 * confirms (the server co-signs and broadcasts). Coins and history are refetched afterwards.
 */
export function usePsbtFlow<Input, Extra>(options: FlowOptions<Input, Extra>) {
  const { signPsbt } = useWallet();
  const queryClient = useQueryClient();
  const { title, signTitle = FAILED_TO_SIGN_PSBT } = options;

  const prepare = useMutation({
    mutationFn: (input: Input) => step(title, () => options.prepare(input)),
    onError: (error) => toastFlowError(error, title),
  });

  const sign = useMutation({
    mutationFn: async (prepared: PreparedPsbt<Extra>) => {
      if (prepared.review.problems.length > 0) {
        throw new TradeFlowError(title, prepared.review.problems.join(' '));
      }
      const signed = await signChecked(signPsbt, prepared, signTitle);
      const { txId } = await step(title, () => options.confirm(signed, prepared));
      return { txId, prepared };
    },
    onSuccess: async ({ txId, prepared }) => {
      toast.success(options.successText(txId));
      options.onBroadcast?.(txId, prepared);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: multisigQueries.balances() }),
        queryClient.invalidateQueries({ queryKey: multisigQueries.histories() }),
      ]);
    },
    onError: (error) => toastFlowError(error, title),
  });

  return { prepare, sign };
}

export type PsbtFlow<Input, Extra> = ReturnType<typeof usePsbtFlow<Input, Extra>>;
