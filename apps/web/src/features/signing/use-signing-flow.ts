import { useMutation } from '@tanstack/react-query';
import { signStep, step, toastFlowError, TradeFlowError } from './flow-steps.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import type { SignPsbtRequest } from '../wallet/wallet.types.ts';

type SignPsbt = ReturnType<typeof useWallet>['signPsbt'];

/**
 * How failures are told: titled by the step (product.md#errors), or, for a flow whose toasts are
 * the server's or the wallet's words as they come (a bid's), by its own `toastError`; its errors
 * then reach it as they were thrown.
 */
type FlowToasts =
  | {
      /** The toast title of a failed prepare. */
      prepareTitle: string;
      /** The toast title of a failed sign or submit (and of a refused review). */
      title: string;
      toastError?: never;
    }
  | { toastError: (error: unknown) => void; prepareTitle?: never; title?: never };

export type SigningFlowOptions<Input, Prepared, Result, Signed = string> = FlowToasts & {
  /** Asks the server for the PSBT and reads it; failures are toasted under `prepareTitle`. */
  prepare: (input: Input) => Promise<Prepared>;
  /** Why not to sign, in words; a non-empty answer stops the flow before the wallet is asked. */
  problems?: (prepared: Prepared) => readonly string[];
  /** The result of a prepared flow with nothing to sign (nothing had to move, say); undefined otherwise. */
  withoutSigning?: (prepared: Prepared) => Result | undefined;
  /** Runs before anything else when signing: a missing wallet and the like throw here. */
  beforeSign?: (prepared: Prepared) => void;
  /** What the wallet is asked to sign, for a flow with one PSBT. */
  request?: (prepared: Prepared) => SignPsbtRequest;
  /** A flow with several PSBTs (a padding setup, then the purchase) signs each, in order. */
  signs?: (
    signOne: (request: SignPsbtRequest) => Promise<string>,
    prepared: Prepared,
  ) => Promise<Signed>;
  /** How the wallet signs one PSBT; the shared 'Failed to sign psbt' step by default. */
  sign?: (signPsbt: SignPsbt, request: SignPsbtRequest) => Promise<string>;
  /** Hands what was signed to the server; failures are toasted under `title`. */
  submit: (signed: Signed, prepared: Prepared) => Promise<Result>;
  onSuccess?: (result: Result, prepared: Prepared) => void | Promise<void>;
  /** What the page does after a failure of either step is told (the auction returns to Submit). */
  onError?: (error: unknown) => void;
};

/**
 * The one shape of every signing flow (ADR 025): `prepare` asks the server for a PSBT and reads
 * what signing it does before anything is signed; `sign` refuses a PSBT with problems, has the
 * wallet sign, and submits. Each step that fails becomes the toast the spec names for it.
 */
export function useSigningFlow<Input, Prepared, Result, Signed = string>(
  options: SigningFlowOptions<Input, Prepared, Result, Signed>,
) {
  const { signPsbt } = useWallet();
  const { prepareTitle = '', title = '', toastError } = options;
  const inStep = <T>(stepTitle: string, run: () => Promise<T>) =>
    toastError ? run() : step(stepTitle, run);
  const toast = (error: unknown, stepTitle: string) =>
    toastError ? toastError(error) : toastFlowError(error, stepTitle);

  const prepare = useMutation({
    mutationFn: (input: Input) => inStep(prepareTitle, () => options.prepare(input)),
    onError: (error) => {
      toast(error, prepareTitle);
      options.onError?.(error);
    },
  });

  const sign = useMutation({
    mutationFn: async (prepared: Prepared): Promise<Result> => {
      const unsigned = options.withoutSigning?.(prepared);
      if (unsigned !== undefined) return unsigned;
      options.beforeSign?.(prepared);
      const problems = options.problems?.(prepared) ?? [];
      if (problems.length > 0) {
        const why = problems.join(' ');
        throw toastError ? new Error(why) : new TradeFlowError(title, why);
      }
      const signer = options.sign ?? signStep;
      const signOne = (request: SignPsbtRequest) => signer(signPsbt, request);
      const signed = await signAll(options, signOne, prepared);
      return inStep(title, () => options.submit(signed, prepared));
    },
    onSuccess: (result, prepared) => options.onSuccess?.(result, prepared),
    onError: (error) => {
      toast(error, title);
      options.onError?.(error);
    },
  });

  return { prepare, sign };
}

/** Signs a flow's one PSBT (`request`) or its several (`signs`). */
function signAll<Prepared, Signed>(
  options: Pick<SigningFlowOptions<never, Prepared, never, Signed>, 'request' | 'signs'>,
  signOne: (request: SignPsbtRequest) => Promise<string>,
  prepared: Prepared,
): Promise<Signed> {
  if (options.signs) return options.signs(signOne, prepared);
  if (!options.request) throw new Error('A signing flow names its request or its signs.');
  // Without `signs`, Signed is its default: the one signed PSBT.
  return signOne(options.request(prepared)) as Promise<Signed>;
}
