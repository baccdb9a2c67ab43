import {
  addressOfScript,
  buildDelistPsbt,
  bytesToBase64,
  bytesToHex,
  equalBytes,
  finalizeSignedPsbt,
  hexToBytes,
  isDust,
  parsePsbt,
  scriptOfAddress,
  walletInputRole,
  type TradeError,
} from '@om/bitcoin';
import type {
  Brc20SendBodySchema,
  Brc20SendPreparePayload,
  Brc20SendPrepareBodySchema,
} from '@om/core';
import type { Transaction } from '@scure/btc-signer';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { AppError, invalidInput } from '../../http/app-error.ts';
import { checkAddress, checkKeyOfAddress } from '../../http/address-input.ts';
import { broadcastInOrder, testMempoolAccept } from '../../trading/broadcast.ts';
import { isSpent, locateInscription } from '../../trading/listing-utxo.ts';
import { withTradeErrors } from '../../trading/trade-errors.ts';
import { cardinalCoins } from '../../trading/wallet-coins.ts';
import { usedTransferHeight } from './brc20-send.queries.ts';

// Sending a transfer inscription (the second step of a BRC-20 transfer): the inscription's
// output is spent whole to the receiver as input 0 → output 0 (FIFO keeps it at its offset and
// the postage with it), the fee comes from the payment address's cardinal coins, change back.
// The same move as an on-chain delisting, so it is built by buildDelistPsbt.
//
// The send is checked statelessly: no prepared row is kept. Whatever the signed transaction is,
// it must have the prepared shape (the one inscription's output first, to one receiver at its
// full value; then coins of one payment script with no inscription; change only back to that
// script), so no wallet's mistake can spend the inscription as fee or pay anyone else. Who the
// receiver is, the signer decided by signing.

const FIELD = 'signedPsbt';

export async function prepareBrc20Send(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  body: z.output<typeof Brc20SendPrepareBodySchema>,
): Promise<Brc20SendPreparePayload> {
  const { env, chain } = deps;
  const network = env.BITCOIN_NETWORK;
  const ordinal = { key: 'ordinalPublicKey', address: 'ordinalAddress' };
  checkKeyOfAddress(body.ordinalPublicKey, body.ordinalAddress, ordinal, network);
  const payment = { key: 'paymentPublicKey', address: 'paymentAddress' };
  checkKeyOfAddress(body.paymentPublicKey, body.paymentAddress, payment, network);
  checkAddress(body.toAddress, 'toAddress', network);

  const at = await locateInscription(chain, body.inscriptionId, 'inscriptionId');
  if (at.address !== body.ordinalAddress) {
    const message = `inscriptionId: inscription ${body.inscriptionId} is not at ordinalAddress`;
    throw invalidInput(message, 'inscriptionId');
  }
  if (at.inscriptions.length > 1) {
    const message = `inscriptionId: ${at.outpoint} holds ${at.inscriptions.length} inscriptions; sending it would send them all`;
    throw invalidInput(message, 'inscriptionId');
  }
  // BRC-20 counts only a transfer inscription's first move: a second one would move no tokens.
  const usedAt = await usedTransferHeight(deps.db, body.inscriptionId);
  if (usedAt !== undefined) {
    const message = `inscriptionId: transfer inscription ${body.inscriptionId} was already sent (block ${usedAt}); sending it again moves no tokens`;
    throw invalidInput(message, 'inscriptionId');
  }
  const coins = (await cardinalCoins(chain.source, body.paymentAddress, network)).filter(
    (c) => `${c.txid}:${c.vout}` !== at.outpoint,
  );
  const built = withTradeErrors(prepareErrorField, () =>
    buildDelistPsbt({
      inscriptionUtxo: {
        txid: at.txid,
        vout: at.vout,
        value: at.value,
        script: scriptOfAddress(body.ordinalAddress, network),
        publicKey: hexToBytes(body.ordinalPublicKey),
      },
      sellerPayment: {
        address: body.paymentAddress,
        publicKey: hexToBytes(body.paymentPublicKey),
        utxos: coins,
      },
      toAddress: body.toAddress,
      feeRate: body.feeRate,
      network,
      maxFeeRate: env.MAX_FEE_RATE,
    }),
  );
  return {
    psbt: bytesToBase64(built.psbt),
    ordinalInputs: [0],
    paymentInputs: built.layout.paymentIndices,
    networkFee: built.fee.toString(),
  };
}

export async function sendBrc20Transfer(
  deps: Pick<AppDeps, 'chain' | 'env'>,
  body: z.output<typeof Brc20SendBodySchema>,
): Promise<{ txid: string }> {
  const { env, chain } = deps;
  const tx = withTradeErrors(FIELD, () => parsePsbt(body.signedPsbt));
  await checkSendShape(deps, tx);
  const layout = {
    inputs: Array.from({ length: tx.inputsLength }, (_, i) =>
      walletInputRole(i === 0 ? 'inscription' : 'payment', 'seller', 'p2tr'),
    ),
  };
  // Built and signed are the same PSBT here: the shape was checked above, and finalizing checks
  // every input is signed with ALL by its own key and the fee rate is under the cap.
  const final = withTradeErrors(FIELD, () =>
    finalizeSignedPsbt(body.signedPsbt, {
      psbt: tx.toPSBT(),
      layout,
      maxFeeRate: env.MAX_FEE_RATE,
    }),
  );
  await testMempoolAccept(chain, [final.hex]);
  await broadcastInOrder(chain, [final.hex]);
  return { txid: final.txid };
}

/** The prepared shape, checked against the chain's view of input 0 and the payment coins. */
async function checkSendShape(
  deps: Pick<AppDeps, 'chain' | 'env'>,
  tx: Transaction,
): Promise<void> {
  const network = deps.env.BITCOIN_NETWORK;
  const inputs = Array.from({ length: tx.inputsLength }, (_, i) => tx.getInput(i));
  const outputs = Array.from({ length: tx.outputsLength }, (_, i) => tx.getOutput(i));
  const outpoints = inputs.map((input, i) => {
    if (!input.txid || input.index === undefined || !input.witnessUtxo) {
      throw invalidInput(`${FIELD}: input ${i} has no outpoint or witnessUtxo`, FIELD);
    }
    return `${bytesToHex(input.txid)}:${input.index}`;
  });
  const [first, ...coins] = inputs;
  const [sent, ...changes] = outputs;
  if (!first?.witnessUtxo || coins.length === 0 || !sent?.script || sent.amount === undefined) {
    const message = `${FIELD}: not a send: input 0 the inscription, then the payment coins; output 0 the receiver`;
    throw invalidInput(message, FIELD);
  }
  const held = await deps.chain.source.inscriptionsOnOutputs(outpoints);
  const [outpoint = ''] = outpoints;
  const ids = held.get(outpoint) ?? [];
  if (ids.length !== 1 || !ids[0]) {
    const message = `${FIELD}: input 0 (${outpoint}) must hold exactly one inscription; it holds ${ids.length}`;
    throw invalidInput(message, FIELD);
  }
  const location = await deps.chain.source.inscriptionLocation(ids[0]);
  const owner = addressOfScript(first.witnessUtxo.script, network);
  if (
    !location ||
    location.outputValue !== first.witnessUtxo.amount ||
    location.address !== owner
  ) {
    const message = `${FIELD}: input 0 does not describe ${outpoint} as the chain does`;
    throw invalidInput(message, FIELD);
  }
  if (owner && (await isSpent(deps.chain, outpoint, owner))) {
    throw new AppError('CONFLICT', `${FIELD}: ${outpoint} is being spent by another transaction`);
  }
  if (sent.amount !== first.witnessUtxo.amount || isDust(sent.script, sent.amount)) {
    const message = `${FIELD}: output 0 must carry the inscription's ${first.witnessUtxo.amount} sats whole`;
    throw invalidInput(message, FIELD);
  }
  const paymentScript = coins[0]?.witnessUtxo?.script ?? new Uint8Array();
  coins.forEach((coin, j) => {
    const i = j + 1;
    if (!coin.witnessUtxo || !equalBytes(coin.witnessUtxo.script, paymentScript)) {
      throw invalidInput(`${FIELD}: input ${i} is not from the payment address`, FIELD);
    }
    const onCoin = held.get(outpoints[i] ?? '');
    if (onCoin === undefined || onCoin.length > 0) {
      const message = `${FIELD}: input ${i} (${outpoints[i]}) ${onCoin ? 'holds an inscription' : 'is not a known cardinal coin'}`;
      throw invalidInput(message, FIELD);
    }
  });
  if (
    changes.length > 1 ||
    changes.some((c) => !c.script || !equalBytes(c.script, paymentScript))
  ) {
    const message = `${FIELD}: only one change output, back to the payment address, may follow output 0`;
    throw invalidInput(message, FIELD);
  }
}

function prepareErrorField(err: TradeError): string {
  switch (err.code) {
    case 'key-mismatch':
      return 'paymentPublicKey';
    case 'invalid-fee-rate':
    case 'fee-rate-too-high':
      return 'feeRate';
    case 'invalid-address':
    case 'dust-output':
      return 'toAddress';
    case 'unsupported-seller-script':
      return 'ordinalAddress';
    default:
      return 'paymentAddress';
  }
}
