import { useMutation } from '@tanstack/react-query';
import { signStep, step, toastFlowError, TradeFlowError } from './flow-steps.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import type { SignPsbtRequest } from '../wallet/wallet.types.ts';

type SignPsbt = ReturnType<typeof useWallet>['signPsbt'];

export type SigningFlowOptions<Input, Prepared, Result> = {
  /** The toast title of a failed prepare. */
  prepareTitle: string;
  /** The toast title of a failed sign or submit (and of a refused review). */
  title: string;
  /** Asks the server for the PSBT and reads it; failures are toasted under `prepareTitle`. */
  prepare: (input: Input) => Promise<Prepared>;
  /** Why not to sign, in words; a non-empty answer stops the flow before the wallet is asked. */
  problems?: (prepared: Prepared) => readonly string[];
  /** The sentence after the problems in the refusal's toast, if any. */
  refusalSuffix?: string;
  /** The result of a prepared flow with nothing to sign (nothing had to move, say); undefined otherwise. */
  withoutSigning?: (prepared: Prepared) => Result | undefined;
  /** Runs before anything else when signing: a missing wallet and the like throw here. */
  beforeSign?: (prepared: Prepared) => void;
  /** What the wallet is asked to sign. */
  request: (prepared: Prepared) => SignPsbtRequest;
  /** How the wallet signs; the shared 'Failed to sign psbt' step by default. */
  sign?: (signPsbt: SignPsbt, request: SignPsbtRequest) => Promise<string>;
  /** Hands the signed PSBT to the server; failures are toasted under `title`. */
  submit: (signedPsbt: string, prepared: Prepared) => Promise<Result>;
  onSuccess?: (result: Result, prepared: Prepared) => void | Promise<void>;
};

/**
 * The one shape of every signing flow (ADR 025): `prepare` asks the server for a PSBT and reads
 * what signing it does before anything is signed; `sign` refuses a PSBT with problems, has the
 * wallet sign, and submits. Each step that fails becomes the toast the spec names for it.
 */
export function useSigningFlow<Input, Prepared, Result>(
  options: SigningFlowOptions<Input, Prepared, Result>,
) {
  const { signPsbt } = useWallet();
  const { prepareTitle, title } = options;

  const prepare = useMutation({
    mutationFn: (input: Input) => step(prepareTitle, () => options.prepare(input)),
    onError: (error) => toastFlowError(error, prepareTitle),
  });

  const sign = useMutation({
    mutationFn: async (prepared: Prepared): Promise<Result> => {
      const unsigned = options.withoutSigning?.(prepared);
      if (unsigned !== undefined) return unsigned;
      options.beforeSign?.(prepared);
      const problems = options.problems?.(prepared) ?? [];
      if (problems.length > 0) {
        const suffix = options.refusalSuffix ? ` ${options.refusalSuffix}` : '';
        throw new TradeFlowError(title, `${problems.join(' ')}${suffix}`);
      }
      const signer = options.sign ?? signStep;
      const signed = await signer(signPsbt, options.request(prepared));
      return step(title, () => options.submit(signed, prepared));
    },
    onSuccess: (result, prepared) => options.onSuccess?.(result, prepared),
    onError: (error) => toastFlowError(error, title),
  });

  return { prepare, sign };
}

export type SigningFlow<Input, Prepared, Result> = ReturnType<
  typeof useSigningFlow<Input, Prepared, Result>
>;
