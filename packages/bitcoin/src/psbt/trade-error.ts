/**
 * Why a trading PSBT could not be built or accepted. One union for the whole module so that the
 * server maps every code to one message and HTTP status in one place.
 */
export type TradeErrorCode =
  | 'invalid-psbt'
  | 'invalid-address'
  | 'invalid-amount'
  | 'invalid-fee-rate'
  | 'fee-rate-too-high'
  | 'fee-too-high'
  | 'dust-output'
  | 'key-mismatch'
  | 'invalid-public-key'
  | 'unknown-witness-script'
  | 'missing-cosigner'
  | 'unsupported-seller-script'
  | 'unsupported-payment-script'
  | 'utxo-not-at-payment-address'
  | 'inscription-offset-out-of-range'
  | 'insufficient-funds'
  | 'not-enough-padding'
  | 'inscribed-utxo-as-padding'
  | 'inscribed-utxo-as-payment'
  | 'no-listings'
  | 'duplicate-input'
  | 'header-changed'
  | 'inputs-changed'
  | 'outputs-changed'
  | 'unsigned-buyer-input'
  | 'bad-buyer-sighash'
  | 'bad-buyer-signature'
  | 'missing-seller-signature'
  | 'seller-signature-mismatch';

export class TradeError extends Error {
  override readonly name = 'TradeError';
  constructor(
    readonly code: TradeErrorCode,
    message: string,
    /** The input or output the problem is about, when there is one. */
    readonly index?: number,
  ) {
    super(message);
  }
}
