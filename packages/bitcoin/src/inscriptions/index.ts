export type { Envelope, InscriptionFields } from './envelope.types.ts';
export {
  decodeInscriptionIdValue,
  decodePointer,
  decodeText,
  encodeInscriptionIdValue,
  encodePointer,
  INSCRIPTION_ID_RE,
  inscriptionId,
  parseEnvelopes,
  parseInscriptionId,
  ORD_PROTOCOL_ID,
  ENVELOPE_TAG,
} from './envelope.ts';
export {
  buildEnvelopeScript,
  revealLeafScript,
  type EnvelopeContent,
  type EnvelopeScriptOptions,
} from './envelope-script.ts';
export { buildCommitRefund } from './commit-refund.ts';
export { finalizeChargePayment } from './charge-payment.ts';
export {
  checkChargePaymentPsbt,
  type ChargePaymentCheck,
  type ChargePaymentProblem,
  type ChargePaymentRequest,
} from './charge-payment-check.ts';
export {
  checkBrc20SendPsbt,
  type Brc20SendCheck,
  type Brc20SendProblem,
  type Brc20SendRequest,
} from './brc20-send-check.ts';
export {
  buildChargeRefund,
  buildInscribeCommit,
  buildInscribeReveal,
  chargeOf,
  deriveOrderKey,
  fileCommit,
  planInscribeOrder,
  type InscribeFile,
  type InscribeOrderPlan,
} from './inscribe-order.ts';
export {
  buildEditionReveal,
  deriveEditionOrderKey,
  editionCommit,
  editionEnvelopes,
  planEditionReveal,
  type EditionOutput,
  type EditionRevealPlan,
} from './edition-reveal.ts';
export {
  buildRevealTransaction,
  estimateRevealVsize,
  InscribeError,
  inscriptionCommitAddress,
  TAPSCRIPT_LEAF_VERSION,
  type CommitInput,
  type InscribeErrorCode,
  type InscriptionCommit,
  type KeyPathInput,
  type RevealInput,
  type RevealOutput,
  type RevealTransaction,
} from './inscribe.ts';
export {
  decodeInstructions,
  encodePush,
  encodeScript,
  MAX_SCRIPT_ELEMENT_SIZE,
  OPCODE,
  type ScriptInstruction,
  type ScriptItem,
} from './tapscript.ts';
export { flowToOutputs, totalValue, type SatFlow } from './sat-flow.ts';
