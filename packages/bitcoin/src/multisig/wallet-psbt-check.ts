import type { Transaction } from '@scure/btc-signer';
import { bytesToHex, equalBytes } from '../bytes.ts';
import type { BitcoinNetwork } from '../networks.ts';
import { addressOfScript, parsePsbt } from '../psbt/codec.ts';
import { estimateVsize, feeFor, inputTypeOf, type InputType } from '../psbt/fees.ts';
import { CHANGE_MIN } from '../psbt/purchase.ts';
import { inputsWithUnsafeSighash } from '../psbt/sighash-check.ts';
import { spendTypeOfScript } from '../psbt/utxo.ts';
import type { MultisigWallet } from './script.ts';

/** What the user asked for; the PSBT must do exactly that and nothing else. */
export type PsbtIntent =
  | { kind: 'deposit'; amount: bigint; numberOfOutputs: number }
  | { kind: 'padding'; numberOfOutputs: number; paddingValue: bigint }
  | { kind: 'withdrawal'; amount: bigint; recipientAddress: string }
  /** Each coin (txid:vout) whole from the maker wallet to the recipient, in this order. */
  | { kind: 'inscription-withdrawal'; outpoints: readonly string[]; recipientAddress: string }
  | { kind: 'recovery'; recipientAddress: string };

export type WalletPsbtContext = {
  network: BitcoinNetwork;
  paymentAddress: string;
  /** The multisig or maker wallet the PSBT spends or funds, as verified against the user's key. */
  wallet: MultisigWallet;
  /** The highest fee rate (sat/vB) the user accepts: the chosen rate with its slack. */
  maxFeeRate: number;
  /** What the wallet will be asked to sign. */
  inputsToSign: readonly { index: number; address: string }[];
};

export type PsbtLineOwner = 'wallet' | 'payment' | 'recipient' | 'other';
export type PsbtLine = {
  index: number;
  address: string | undefined;
  amount: bigint;
  owner: PsbtLineOwner;
};

/** Why not to sign a wallet PSBT: a code, and what the words about it need. */
export type WalletPsbtProblem =
  | { code: 'unreadable' }
  | { code: 'input-without-prevout'; index: number }
  | { code: 'input-with-foreign-script'; index: number }
  | { code: 'input-not-the-maker-coin'; index: number; outpoint: string | undefined }
  | { code: 'input-not-from-payment'; index: number }
  | { code: 'input-not-from-wallet'; index: number }
  | { code: 'output-to-stranger'; index: number; address: string | undefined }
  | { code: 'deposit-count'; count: number; expected: number }
  | { code: 'deposit-amount'; amount: bigint; expected: bigint }
  | { code: 'padding-outputs'; count: number; value: bigint }
  | { code: 'withdrawal-amount'; paid: bigint; expected: bigint; recipientAddress: string }
  | { code: 'inscription-not-sent'; index: number; outpoint: string }
  | { code: 'sign-missing-input'; index: number }
  | { code: 'sign-with-other-address'; index: number; address: string }
  | { code: 'sign-foreign-input'; index: number }
  | { code: 'unsafe-sighash'; indices: number[] }
  | { code: 'outputs-exceed-inputs' }
  | { code: 'fee-above-rate'; fee: bigint };

export type WalletPsbtProblemCode = WalletPsbtProblem['code'];

export type WalletPsbtReading = {
  inputs: (PsbtLine & { outpoint: string })[];
  outputs: PsbtLine[];
  /** Inputs minus outputs. */
  fee: bigint;
  /** Why not to sign; empty when the PSBT does what was asked. */
  problems: WalletPsbtProblem[];
};

type ScriptLine = PsbtLine & { script: Uint8Array };

/**
 * Reads a multisig PSBT the server built before the wallet signs it (ADR 009: the user's
 * signature is what authorises every move) and says what is wrong with it: inputs that are not
 * the ones the action spends, outputs that pay anyone else or other amounts than asked, inputs
 * signed with a sighash others could reuse, or a fee above the accepted rate.
 */
export function checkWalletPsbt(
  psbtBase64: string,
  intent: PsbtIntent,
  context: WalletPsbtContext,
): WalletPsbtReading {
  let tx: Transaction;
  try {
    tx = parsePsbt(psbtBase64);
  } catch {
    return { inputs: [], outputs: [], fee: 0n, problems: [{ code: 'unreadable' }] };
  }
  const problems: WalletPsbtProblem[] = [];
  const recipient = 'recipientAddress' in intent ? intent.recipientAddress : undefined;
  /** Only outputs go to the recipient, which may be the payment address itself. */
  const ownerOf = (
    script: Uint8Array,
    address: string | undefined,
    isOutput: boolean,
  ): PsbtLineOwner => {
    if (equalBytes(script, context.wallet.script)) return 'wallet';
    if (isOutput && address !== undefined && address === recipient) return 'recipient';
    if (address === context.paymentAddress) return 'payment';
    return 'other';
  };

  const inputs = Array.from({ length: tx.inputsLength }, (_, index) => {
    const input = tx.getInput(index);
    const outpoint = `${input.txid ? bytesToHex(input.txid) : '?'}:${input.index ?? '?'}`;
    const prevout = input.witnessUtxo;
    if (!prevout) problems.push({ code: 'input-without-prevout', index });
    const script = prevout?.script ?? new Uint8Array();
    const address = addressOfScript(script, context.network);
    const owner = ownerOf(script, address, false);
    const hasOurScript =
      input.witnessScript !== undefined &&
      equalBytes(input.witnessScript, context.wallet.witnessScript);
    if (owner === 'wallet' && !hasOurScript) {
      problems.push({ code: 'input-with-foreign-script', index });
    }
    return { index, outpoint, address, amount: prevout?.amount ?? 0n, owner, script };
  });
  const outputs = Array.from({ length: tx.outputsLength }, (_, index): ScriptLine => {
    const { script = new Uint8Array(), amount = 0n } = tx.getOutput(index);
    const address = addressOfScript(script, context.network);
    return { index, address, amount, owner: ownerOf(script, address, true), script };
  });

  problems.push(...inputProblems(intent, inputs), ...outputProblems(intent, inputs, outputs));
  problems.push(...signingProblems(tx, inputs, context));
  const fee = sum(inputs) - sum(outputs);
  const isRecovery = intent.kind === 'recovery';
  problems.push(...feeProblems(fee, inputs, outputs, context.maxFeeRate, isRecovery));
  return {
    inputs: inputs.map(({ script: _script, ...line }) => line),
    outputs: outputs.map(({ script: _script, ...line }) => line),
    fee,
    problems,
  };
}

const sum = (lines: readonly { amount: bigint }[]) => lines.reduce((t, l) => t + l.amount, 0n);

/** Whose coins each input must be, by the kind of action. */
function inputProblems(
  intent: PsbtIntent,
  inputs: readonly (PsbtLine & { outpoint: string })[],
): WalletPsbtProblem[] {
  return inputs.flatMap((input): WalletPsbtProblem[] => {
    const { index } = input;
    if (intent.kind === 'inscription-withdrawal' && index < intent.outpoints.length) {
      const expected = intent.outpoints[index];
      return input.owner === 'wallet' && input.outpoint === expected
        ? []
        : [{ code: 'input-not-the-maker-coin', index, outpoint: expected }];
    }
    const fromPayment = intent.kind === 'deposit' || intent.kind === 'inscription-withdrawal';
    if (fromPayment) {
      return input.owner === 'payment' ? [] : [{ code: 'input-not-from-payment', index }];
    }
    return input.owner === 'wallet' ? [] : [{ code: 'input-not-from-wallet', index }];
  });
}

/** Every output must be one the action makes; anything else pays someone it should not. */
function outputProblems(
  intent: PsbtIntent,
  inputs: readonly PsbtLine[],
  outputs: readonly PsbtLine[],
): WalletPsbtProblem[] {
  const problems: WalletPsbtProblem[] = [];
  const strangers = (allowed: readonly PsbtLineOwner[], from = 0): WalletPsbtProblem[] =>
    outputs
      .slice(from)
      .filter((o) => !allowed.includes(o.owner))
      .map((o) => ({ code: 'output-to-stranger', index: o.index, address: o.address }));

  switch (intent.kind) {
    case 'deposit': {
      const deposits = outputs.filter((o) => o.owner === 'wallet');
      if (deposits.length !== intent.numberOfOutputs) {
        problems.push({
          code: 'deposit-count',
          count: deposits.length,
          expected: intent.numberOfOutputs,
        });
      }
      if (sum(deposits) !== intent.amount) {
        problems.push({ code: 'deposit-amount', amount: sum(deposits), expected: intent.amount });
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
        problems.push({
          code: 'padding-outputs',
          count: intent.numberOfOutputs,
          value: intent.paddingValue,
        });
      }
      problems.push(...strangers(['wallet']));
      break;
    }
    case 'withdrawal': {
      const paid = outputs.filter((o) => o.owner === 'recipient');
      if (paid.length !== 1 || paid[0]?.amount !== intent.amount) {
        problems.push({
          code: 'withdrawal-amount',
          paid: sum(paid),
          expected: intent.amount,
          recipientAddress: intent.recipientAddress,
        });
      }
      problems.push(...strangers(['recipient', 'wallet']));
      break;
    }
    case 'inscription-withdrawal': {
      intent.outpoints.forEach((outpoint, index) => {
        const output = outputs[index];
        const coin = inputs[index];
        if (!output || !coin || output.owner !== 'recipient' || output.amount !== coin.amount) {
          problems.push({ code: 'inscription-not-sent', index, outpoint });
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
  tx: Transaction,
  inputs: readonly PsbtLine[],
  context: WalletPsbtContext,
): WalletPsbtProblem[] {
  const problems = context.inputsToSign.flatMap(({ index, address }): WalletPsbtProblem[] => {
    const input = inputs[index];
    if (!input) return [{ code: 'sign-missing-input', index }];
    if (address !== context.paymentAddress) {
      return [{ code: 'sign-with-other-address', index, address }];
    }
    return input.owner === 'wallet' || input.owner === 'payment'
      ? []
      : [{ code: 'sign-foreign-input', index }];
  });
  const indices = context.inputsToSign
    .map((i) => i.index)
    .filter((i) => i >= 0 && i < inputs.length);
  const unsafe = inputsWithUnsafeSighash(tx, indices);
  if (unsafe.length > 0) problems.push({ code: 'unsafe-sighash', indices: unsafe });
  return problems;
}

function feeProblems(
  fee: bigint,
  inputs: readonly ScriptLine[],
  outputs: readonly ScriptLine[],
  maxFeeRate: number,
  isRecovery: boolean,
): WalletPsbtProblem[] {
  if (fee < 0n) return [{ code: 'outputs-exceed-inputs' }];
  const types = inputs.map((input): InputType => {
    if (input.owner === 'wallet') return isRecovery ? 'p2wsh-multisig-recovery' : 'p2wsh-multisig';
    return inputTypeOf(spendTypeOfScript(input.script) ?? 'p2wpkh');
  });
  const vsize = estimateVsize(
    types,
    outputs.map((o) => o.script),
  );
  const maxFee = feeFor(vsize, maxFeeRate) + CHANGE_MIN;
  return fee > maxFee ? [{ code: 'fee-above-rate', fee }] : [];
}
