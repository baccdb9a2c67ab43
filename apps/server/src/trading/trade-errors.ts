import { TradeError, type ListingProblem, type TradeErrorCode } from '@om/bitcoin';
import { AppError } from '../http/app-error.ts';

/**
 * The one mapping of the trading core's failures to what the API says: every TradeError code is
 * the caller's input (a PSBT, an address, a key, coins, a fee rate), so a 400 whose message names
 * the field and the problem, followed by the core's detail ("Output 3 was changed").
 */
const TRADE_ERROR_MESSAGES: Record<TradeErrorCode, string> = {
  'invalid-psbt': 'is not a valid PSBT',
  'invalid-address': 'is not a valid address on this network',
  'invalid-amount': 'has an amount out of range',
  'invalid-fee-rate': 'needs a positive fee rate',
  'fee-rate-too-high': 'asks for a fee rate above the maximum',
  'fee-too-high': 'pays a fee rate above the maximum',
  'dust-output': 'would create an output below the dust limit',
  'key-mismatch': 'does not control its address',
  'unsupported-seller-script': 'is not a P2TR or P2WPKH output (only those can be listed)',
  'unsupported-payment-script': 'is not a P2TR, P2WPKH or P2SH-P2WPKH address',
  'utxo-not-at-payment-address': 'spends a coin that is not at the payment address',
  'inscription-offset-out-of-range': 'places the inscription outside its output',
  'insufficient-funds': 'does not have enough funds',
  'not-enough-padding': 'does not have enough padding UTXOs',
  'inscribed-utxo-as-padding': 'would spend an inscribed UTXO as padding',
  'inscribed-utxo-as-payment': 'would spend an inscribed UTXO as payment',
  'no-listings': 'names nothing to buy',
  'duplicate-input': 'spends the same output twice',
  'header-changed': 'changed the transaction version or locktime',
  'inputs-changed': 'changed the inputs that were built',
  'outputs-changed': 'changed the outputs that were built',
  'unsigned-buyer-input': 'leaves an input unsigned',
  'bad-buyer-sighash': 'signs an input without SIGHASH_ALL',
  'bad-buyer-signature': 'carries a signature of another key',
  'missing-seller-signature': "lacks a seller's signature",
  'seller-signature-mismatch': "does not match the seller's signature",
  'invalid-public-key': 'is not a 33-byte compressed public key',
  'unknown-witness-script': 'is not a multisig wallet of ours',
  'missing-cosigner': 'cannot be co-signed by the platform',
};

/** "{field} {problem}: {detail}", as a 400 with the field as the error's path. */
export function tradeInputError(err: TradeError, field: string): AppError {
  const message = `${field} ${TRADE_ERROR_MESSAGES[err.code]}: ${err.message}`;
  return new AppError('INVALID_INPUT', message, [{ msg: message, path: field }]);
}

/**
 * Runs a call into the trading core; a TradeError becomes a 400 naming `field` (or the field the
 * error's code and index point at), anything else is rethrown.
 */
export function withTradeErrors<T>(
  field: string | ((err: TradeError) => string),
  build: () => T,
): T {
  try {
    return build();
  } catch (err) {
    if (!(err instanceof TradeError)) throw err;
    throw tradeInputError(err, typeof field === 'string' ? field : field(err));
  }
}

const LISTING_PROBLEM_MESSAGES: Record<ListingProblem['code'], string> = {
  'invalid-psbt': 'is not a valid PSBT',
  'wrong-shape': 'does not have the inputs and outputs of the listing',
  'wrong-outpoint': 'spends another output than the listed one',
  'wrong-prevout': 'describes the listed output with another value or script',
  'wrong-sequence': 'changed the sequence of the listed input',
  'wrong-payout': 'changed the payout',
  'not-signed': 'is not signed',
  'wrong-sighash': 'is not signed with SIGHASH_SINGLE|ANYONECANPAY (0x83)',
  'bad-signature': 'carries a signature that does not verify',
  'unsupported-seller-script': 'is not a P2TR or P2WPKH output',
};

/** The problems verifySignedListing found, as a 400 listing each of them. */
export function listingProblemsError(field: string, problems: readonly ListingProblem[]): AppError {
  const errors = problems.map(({ code, index }) => {
    const where = index === undefined ? field : `${field} input ${index}`;
    return { msg: `${where} ${LISTING_PROBLEM_MESSAGES[code]}`, path: field };
  });
  return new AppError('INVALID_INPUT', errors[0]?.msg ?? `${field} is not valid`, errors);
}
