import {
  addressOfScript,
  bytesToHex,
  CHANGE_MIN,
  equalBytes,
  estimateVsize,
  feeFor,
  inputTypeOf,
  parsePsbt,
  spendTypeOfScript,
  type BitcoinNetwork,
  type InputType,
  type MultisigWallet,
} from '@om/bitcoin';
import { inputsWithUnsafeSighash, unsafeSighashText } from '../trade/sighash-check.ts';
import { btcText } from '../trade/trade-format.ts';
import { maxAcceptedFeeRate } from '../signing/fee-rate-slack.ts';

/** What the user asked for; the PSBT must do exactly that and nothing else. */
export type PsbtIntent =
  | { kind: 'deposit'; amount: bigint; numberOfOutputs: number }
  | { kind: 'padding'; numberOfOutputs: number; paddingValue: bigint }
  | { kind: 'withdrawal'; amount: bigint; recipientAddress: string }
  /** Each coin (txid:vout) whole from the maker wallet to the recipient, in this order. */
  | { kind: 'inscription-withdrawal'; outpoints: readonly string[]; recipientAddress: string }
  | { kind: 'recovery'; recipientAddress: string };

export type PsbtCheckContext = {
  network: BitcoinNetwork;
  paymentAddress: string;
  /** The multisig or maker wallet the PSBT spends or funds, as verified against the user's key. */
  wallet: MultisigWallet;
  feeRate: number;
  /** What the wallet will be asked to sign. */
  inputsToSign: readonly { index: number; address: string }[];
};

export type Owner = 'wallet' | 'payment' | 'recipient' | 'other';
export type PsbtLine = { index: number; address: string | undefined; amount: bigint; owner: Owner };
export type PsbtReview = {
  inputs: (PsbtLine & { outpoint: string })[];
  outputs: PsbtLine[];
  /** Inputs minus outputs. */
  fee: bigint;
  /** Why not to sign, in words; empty when the PSBT does what was asked. */
  problems: string[];
};

/**
 * Reads a multisig PSBT the server built before the wallet signs it (ADR 009: the user's
 * signature is what authorises every move) and says what is wrong with it: inputs that are not
 * the ones the action spends, outputs that pay anyone else or other amounts than asked, inputs
 * signed with a sighash others could reuse, or a fee above the chosen rate.
 */
export function checkWalletPsbt(
  psbtBase64: string,
  intent: PsbtIntent,
  context: PsbtCheckContext,
): PsbtReview {
  let tx: ReturnType<typeof parsePsbt>;
  try {
    tx = parsePsbt(psbtBase64);
  } catch {
    return { inputs: [], outputs: [], fee: 0n, problems: ['The PSBT cannot be read.'] };
  }
  const problems: string[] = [];
  const recipient = 'recipientAddress' in intent ? intent.recipientAddress : undefined;
  /** Only outputs go to the recipient, which may be the payment address itself. */
  const ownerOf = (script: Uint8Array, address: string | undefined, isOutput: boolean): Owner => {
    if (equalBytes(script, context.wallet.script)) return 'wallet';
    if (isOutput && address !== undefined && address === recipient) return 'recipient';
    if (address === context.paymentAddress) return 'payment';
    return 'other';
  };

  const inputs = Array.from({ length: tx.inputsLength }, (_, index) => {
    const input = tx.getInput(index);
    const outpoint = `${input.txid ? bytesToHex(input.txid) : '?'}:${input.index ?? '?'}`;
    const prevout = input.witnessUtxo;
    if (!prevout) problems.push(`Input ${index} does not say what it spends.`);
    const script = prevout?.script ?? new Uint8Array();
    const address = addressOfScript(script, context.network);
    const owner = ownerOf(script, address, false);
    const hasOurScript =
      input.witnessScript !== undefined &&
      equalBytes(input.witnessScript, context.wallet.witnessScript);
    if (owner === 'wallet' && !hasOurScript) {
      problems.push(`Input ${index} spends your wallet with another script than its own.`);
    }
    return { index, outpoint, address, amount: prevout?.amount ?? 0n, owner, script };
  });
  const outputs = Array.from({ length: tx.outputsLength }, (_, index) => {
    const { script = new Uint8Array(), amount = 0n } = tx.getOutput(index);
    const address = addressOfScript(script, context.network);
    return { index, address, amount, owner: ownerOf(script, address, true), script };
  });

  problems.push(...inputProblems(intent, inputs), ...outputProblems(intent, inputs, outputs));
  problems.push(...signingProblems(tx, inputs, context));
  const fee = sum(inputs) - sum(outputs);
  const isRecovery = intent.kind === 'recovery';
  problems.push(...feeProblems(fee, inputs, outputs, context, isRecovery));
  return {
    inputs: inputs.map(({ script: _script, ...line }) => line),
    outputs: outputs.map(({ script: _script, ...line }) => line),
    fee,
    problems,
  };
}

const sum = (lines: readonly { amount: bigint }[]) => lines.reduce((t, l) => t + l.amount, 0n);
const paysTo = (line: PsbtLine) => line.address ?? 'a script without an address';

/** Whose coins each input must be, by the kind of action. */
function inputProblems(
  intent: PsbtIntent,
  inputs: readonly (PsbtLine & { outpoint: string })[],
): string[] {
  return inputs.flatMap((input) => {
    if (intent.kind === 'inscription-withdrawal' && input.index < intent.outpoints.length) {
      const expected = intent.outpoints[input.index];
      return input.owner === 'wallet' && input.outpoint === expected
        ? []
        : [`Input ${input.index} is not the coin ${expected} of your maker wallet.`];
    }
    const fromPayment = intent.kind === 'deposit' || intent.kind === 'inscription-withdrawal';
    if (fromPayment) {
      return input.owner === 'payment'
        ? []
        : [`Input ${input.index} does not come from your payment address.`];
    }
    return input.owner === 'wallet' ? [] : [`Input ${input.index} does not come from your wallet.`];
  });
}

/** Every output must be one the action makes; anything else pays someone it should not. */
function outputProblems(
  intent: PsbtIntent,
  inputs: readonly PsbtLine[],
  outputs: readonly PsbtLine[],
): string[] {
  const problems: string[] = [];
  const strangers = (allowed: readonly Owner[], from = 0) =>
    outputs
      .slice(from)
      .filter((o) => !allowed.includes(o.owner))
      .map((o) => `Output ${o.index} pays ${paysTo(o)}, which this action should not pay.`);

  switch (intent.kind) {
    case 'deposit': {
      const deposits = outputs.filter((o) => o.owner === 'wallet');
      if (deposits.length !== intent.numberOfOutputs) {
        problems.push(
          `It makes ${deposits.length} coins in your multisig wallet, not ${intent.numberOfOutputs}.`,
        );
      }
      if (sum(deposits) !== intent.amount) {
        problems.push(
          `It deposits ${btcText(sum(deposits))}, not the ${btcText(intent.amount)} you asked.`,
        );
      }
      problems.push(...strangers(['wallet', 'payment']));
      break;
    }
    case 'padding': {
      const paddings = outputs.slice(0, intent.numberOfOutputs);
      const isRight =
        paddings.length === intent.numberOfOutputs &&
        paddings.every((o) => o.owner === 'wallet' && o.amount === intent.paddingValue) &&
        outputs.length <= intent.numberOfOutputs + 1;
      if (!isRight) {
        problems.push(
          `It does not make ${intent.numberOfOutputs} padding outputs of ${btcText(intent.paddingValue)} in your multisig wallet.`,
        );
      }
      problems.push(...strangers(['wallet']));
      break;
    }
    case 'withdrawal': {
      const paid = outputs.filter((o) => o.owner === 'recipient');
      if (paid.length !== 1 || paid[0]?.amount !== intent.amount) {
        problems.push(
          `It pays ${btcText(sum(paid))} to ${intent.recipientAddress}, not ${btcText(intent.amount)}.`,
        );
      }
      problems.push(...strangers(['recipient', 'wallet']));
      break;
    }
    case 'inscription-withdrawal': {
      intent.outpoints.forEach((outpoint, i) => {
        const output = outputs[i];
        const coin = inputs[i];
        if (!output || !coin || output.owner !== 'recipient' || output.amount !== coin.amount) {
          problems.push(`Output ${i} does not send the coin ${outpoint} whole to your address.`);
        }
      });
      // Change goes back to the payment address (the recipient's own address is the user's too).
      problems.push(...strangers(['payment', 'recipient'], intent.outpoints.length));
      break;
    }
    case 'recovery':
      problems.push(...strangers(['recipient']));
      break;
  }
  return problems;
}

/** The wallet signs only the user's own inputs, with the payment key, and with ALL. */
function signingProblems(
  tx: ReturnType<typeof parsePsbt>,
  inputs: readonly PsbtLine[],
  context: PsbtCheckContext,
): string[] {
  const problems = context.inputsToSign.flatMap(({ index, address }) => {
    const input = inputs[index];
    if (!input) return [`It asks to sign input ${index}, which does not exist.`];
    if (address !== context.paymentAddress) {
      return [`It asks to sign input ${index} with ${address}, not your payment address.`];
    }
    return input.owner === 'wallet' || input.owner === 'payment'
      ? []
      : [`It asks to sign input ${index}, which is not yours.`];
  });
  const indices = context.inputsToSign
    .map((i) => i.index)
    .filter((i) => i >= 0 && i < inputs.length);
  const unsafe = inputsWithUnsafeSighash(tx, indices);
  if (unsafe.length > 0) problems.push(unsafeSighashText(unsafe, 'This PSBT'));
  return problems;
}

type ScriptLine = PsbtLine & { script: Uint8Array };

function feeProblems(
  fee: bigint,
  inputs: readonly ScriptLine[],
  outputs: readonly ScriptLine[],
  context: PsbtCheckContext,
  isRecovery: boolean,
): string[] {
  if (fee < 0n) return ['Its outputs pay more than its inputs hold.'];
  const types = inputs.map((input): InputType => {
    if (input.owner === 'wallet') return isRecovery ? 'p2wsh-multisig-recovery' : 'p2wsh-multisig';
    return inputTypeOf(spendTypeOfScript(input.script) ?? 'p2wpkh');
  });
  const vsize = estimateVsize(
    types,
    outputs.map((o) => o.script),
  );
  const maxRate = maxAcceptedFeeRate(context.feeRate);
  const maxFee = feeFor(vsize, maxRate) + CHANGE_MIN;
  return fee > maxFee
    ? [`Its network fee of ${btcText(fee)} is above the ${context.feeRate} sat/vB you chose.`]
    : [];
}
