import { parsePsbt } from '@om/bitcoin';
import { FAILED_TO_SIGN_PSBT, INVALID_SIGNED_DATA } from '@om/core';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { step, TradeFlowError } from '../signing/flow-steps.ts';
import { useSigningFlow } from '../signing/use-signing-flow.ts';
import type { InputToSign, SignPsbtRequest } from '../wallet/wallet.types.ts';
import { multisigQueries } from './multisig.queries.ts';
import type { PsbtReview } from './wallet-psbt-review.ts';

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
function unsignedInputs(signedPsbt: string, indices: readonly number[]): number[] {
  const tx = parsePsbt(signedPsbt);
  return indices.filter((index) => {
    if (index >= tx.inputsLength) return true;
    const input = tx.getInput(index);
    return !(input.partialSig?.length || input.finalScriptWitness?.length || input.tapKeySig);
  });
}

async function signChecked(
  signPsbt: (request: SignPsbtRequest) => Promise<string>,
  request: SignPsbtRequest,
  title: string,
): Promise<string> {
  const signed = await step(title, () => signPsbt(request));
  let missing: number[];
  try {
    missing = unsignedInputs(
      signed,
      (request.inputsToSign ?? []).map((i) => i.index),
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
 * Every multisig action on the one signing flow: `prepare` asks the server for the PSBT and checks
 * it; `sign` refuses a PSBT with problems, has the wallet sign its inputs (each of them, which
 * wallets that skip P2WSH inputs do not), and confirms (the server co-signs and broadcasts).
 * Coins and history are refetched afterwards.
 */
export function usePsbtFlow<Input, Extra>(options: FlowOptions<Input, Extra>) {
  const queryClient = useQueryClient();
  const { title, signTitle = FAILED_TO_SIGN_PSBT } = options;
  return useSigningFlow({
    prepareTitle: title,
    title,
    prepare: options.prepare,
    problems: (prepared) => prepared.review.problems,
    request: (prepared) => ({
      psbtBase64: prepared.psbt,
      inputsToSign: prepared.inputsToSign,
      finalize: false,
    }),
    sign: (signPsbt, request) => signChecked(signPsbt, request, signTitle),
    submit: (signed, prepared) => options.confirm(signed, prepared),
    onSuccess: async ({ txId }, prepared) => {
      toast.success(options.successText(txId));
      options.onBroadcast?.(txId, prepared);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: multisigQueries.balances() }),
        queryClient.invalidateQueries({ queryKey: multisigQueries.histories() }),
      ]);
    },
  });
}

export type PsbtFlow<Input, Extra> = ReturnType<typeof usePsbtFlow<Input, Extra>>;
