import { SELLER_SIGHASH } from '../psbt/seller-signature.ts';

/** Why not to give the seller's signatures the server asks for: a code, and its words' data. */
export type SellerSigningProblem =
  /** `asked`: the input indices in the server's order. */
  | { code: 'inputs-not-expected'; asked: number[] }
  | { code: 'signer-not-payment'; index: number; address: string }
  | { code: 'sighash-not-seller'; index: number };

/**
 * A launch's listings and an auction's floor are signed by the payment key alone (it is U of the
 * maker wallet, ADR 009), SIGHASH_SINGLE|ANYONECANPAY (ADR 007), on exactly the `expected` inputs:
 * any other signature would let the server spend what the seller did not list.
 */
export function sellerSigningProblems(
  inputsToSign: readonly { index: number; address: string; sighash?: number }[],
  expected: readonly number[],
  paymentAddress: string,
): SellerSigningProblem[] {
  const problems: SellerSigningProblem[] = [];
  const asked = inputsToSign.map((input) => input.index);
  const sorted = [...asked].sort((a, b) => a - b);
  if (sorted.join(',') !== expected.join(','))
    problems.push({ code: 'inputs-not-expected', asked });
  for (const { index, address, sighash } of inputsToSign) {
    if (address !== paymentAddress) problems.push({ code: 'signer-not-payment', index, address });
    if (sighash !== SELLER_SIGHASH) problems.push({ code: 'sighash-not-seller', index });
  }
  return problems;
}
