import { equalBytes } from '../bytes.ts';
import type { BitcoinNetwork } from '../networks.ts';
import { parsePsbt, scriptOfAddress } from './codec.ts';
import { estimateVsize, inputTypeOf } from './fees.ts';
import { inputsWithUnsafeSighash } from './sighash-check.ts';
import { spendTypeOfScript } from './utxo.ts';

/** Why not to sign a padding setup: a code, and what the words about it need. */
export type PaddingSetupProblem =
  /** The PSBT, or the buyer's payment address, cannot be read; `reason` is the error's message. */
  | { code: 'setup-unreadable'; reason: string }
  | { code: 'setup-foreign-input'; index: number }
  | { code: 'setup-pays-stranger'; index: number }
  | { code: 'setup-unsafe-sighash'; indices: number[] }
  | { code: 'setup-fee-rate-too-high'; feeRate: number };

type PaddingSetupRequest = {
  network: BitcoinNetwork;
  paymentAddress: string;
  /** The highest fee rate, sat/vB, the buyer accepts. */
  maxFeeRate: number;
};

/**
 * A chained padding setup (buildChainedPurchase) spends the buyer's coins into new outputs of the
 * buyer: every input and output is its payment address, each input signed ALL or DEFAULT, so only
 * the fee leaves the wallet. Never throws: an unreadable setup is a problem like the others.
 */
export function checkPaddingSetupPsbt(
  psbtBase64: string,
  request: PaddingSetupRequest,
): { fee: bigint; problems: PaddingSetupProblem[] } {
  try {
    return readSetup(psbtBase64, request);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { fee: 0n, problems: [{ code: 'setup-unreadable', reason }] };
  }
}

function readSetup(
  psbtBase64: string,
  { network, paymentAddress, maxFeeRate }: PaddingSetupRequest,
) {
  const tx = parsePsbt(psbtBase64);
  const own = scriptOfAddress(paymentAddress, network);
  const isOwn = (script: Uint8Array | undefined) => script !== undefined && equalBytes(script, own);
  const problems: PaddingSetupProblem[] = [];
  let spent = 0n;
  const inputTypes = Array.from({ length: tx.inputsLength }, (_, index) => {
    const prevout = tx.getInput(index).witnessUtxo;
    const spend = prevout && spendTypeOfScript(prevout.script);
    if (!prevout || !spend || !isOwn(prevout.script)) {
      problems.push({ code: 'setup-foreign-input', index });
    }
    spent += prevout?.amount ?? 0n;
    return inputTypeOf(spend ?? 'p2wpkh');
  });
  let kept = 0n;
  const scripts = Array.from({ length: tx.outputsLength }, (_, index) => {
    const { script, amount = 0n } = tx.getOutput(index);
    if (!isOwn(script)) problems.push({ code: 'setup-pays-stranger', index });
    kept += amount;
    return script ?? new Uint8Array();
  });
  const unsafe = inputsWithUnsafeSighash(
    tx,
    inputTypes.map((_, i) => i),
  );
  if (unsafe.length > 0) problems.push({ code: 'setup-unsafe-sighash', indices: unsafe });
  const fee = spent - kept;
  const feeRate = Number(fee) / estimateVsize(inputTypes, scripts);
  if (feeRate > maxFeeRate) problems.push({ code: 'setup-fee-rate-too-high', feeRate });
  return { fee, problems };
}
