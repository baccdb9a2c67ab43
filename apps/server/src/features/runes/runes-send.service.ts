import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  buildRuneTransferPsbt,
  bytesToBase64,
  finalizeSignedPsbt,
  hexToBytes,
  parsePsbt,
  psbtTxid,
  scriptOfAddress,
  spendTypeOfScript,
  walletInputRole,
  type RuneInput,
  type TradeError,
} from '@om/bitcoin';
import {
  formatRuneUnits,
  type RuneSendPreparePayload,
  type RuneSendPrepareBodySchema,
  type RuneSendSubmitBodySchema,
} from '@om/core';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { invalidInput } from '../../http/app-error.ts';
import { checkAddress, checkKeyOfAddress } from '../../http/address-input.ts';
import { broadcastInOrder, testMempoolAccept } from '../../trading/broadcast.ts';
import { withTradeErrors } from '../../trading/trade-errors.ts';
import { cardinalCoins } from '../../trading/wallet-coins.ts';
import { indexedOutputs, inscriptionsAt } from '../../chain/sources/local-queries.ts';
import { readRuneOutputs } from './runes-send.queries.ts';
import { readRune } from './runes.queries.ts';

// Sending runes (docs/product.md#runes): prepare picks the rune outputs from our index and the
// payment coins, builds the edict's PSBT and says what it does; submit takes the signed PSBT only
// if it is the transaction prepared for this user, proven by an HMAC of its unsigned txid (no
// prepared row is kept), then checks it with the node and broadcasts it.

type Deps = Pick<AppDeps, 'chain' | 'db' | 'env' | 'jwtSecret'>;
const FIELD = 'signedPsbt';

export async function prepareRuneSend(
  deps: Deps,
  userId: string,
  body: z.output<typeof RuneSendPrepareBodySchema>,
): Promise<RuneSendPreparePayload> {
  const { env, chain, db } = deps;
  const network = env.BITCOIN_NETWORK;
  const ordinal = { key: 'ordinalPublicKey', address: 'ordinalAddress' };
  checkKeyOfAddress(body.ordinalPublicKey, body.ordinalAddress, ordinal, network);
  const payment = { key: 'paymentPublicKey', address: 'paymentAddress' };
  checkKeyOfAddress(body.paymentPublicKey, body.paymentAddress, payment, network);
  checkAddress(body.toAddress, 'toAddress', network);

  const rune = await readRune(db, { id: body.runeId });
  if (!rune) throw invalidInput(`runeId: rune ${body.runeId} is not etched`, 'runeId');
  const amount = BigInt(body.amount);
  const runeInputs = await pickRuneInputs(deps, body, rune.spacedName, amount);
  const taken = new Set(runeInputs.map((input) => `${input.txid}:${input.vout}`));
  const coins = (await cardinalCoins(chain.source, body.paymentAddress, network)).filter(
    (coin) => !taken.has(`${coin.txid}:${coin.vout}`),
  );
  const [block, tx] = body.runeId.split(':').map(Number);
  const built = withTradeErrors(prepareErrorField, () =>
    buildRuneTransferPsbt({
      runeInputs,
      payment: {
        address: body.paymentAddress,
        publicKey: hexToBytes(body.paymentPublicKey),
        utxos: coins,
      },
      runeId: { block: block ?? 0, tx: tx ?? 0 },
      amount,
      recipientAddress: body.toAddress,
      runeChangeAddress: body.ordinalAddress,
      feeRate: body.feeRate,
      network,
      maxFeeRate: env.MAX_FEE_RATE,
    }),
  );
  return {
    psbt: bytesToBase64(built.psbt),
    ordinalInputs: built.inputsToSign.ordinal,
    paymentInputs: built.inputsToSign.payment,
    review: {
      runeId: body.runeId,
      name: rune.spacedName,
      symbol: rune.symbol ?? null,
      divisibility: rune.divisibility,
      amount: body.amount,
      displayAmount: formatRuneUnits(amount, rune.divisibility),
      toAddress: body.toAddress,
      networkFee: built.fee.toString(),
    },
    preparedToken: preparedToken(deps.jwtSecret, userId, built.txid),
  };
}

/**
 * The sender's outputs holding the rune, largest first until they hold `amount`: only outputs the
 * chain source lists unspent and the index holds with no inscription (input sats flow to the recipient,
 * so an inscription there would go with the runes).
 */
async function pickRuneInputs(
  { db, chain, env }: Deps,
  body: z.output<typeof RuneSendPrepareBodySchema>,
  name: string,
  amount: bigint,
): Promise<RuneInput[]> {
  const held = await readRuneOutputs(db, body.ordinalAddress, body.runeId);
  const unspent = new Map(
    (await chain.source.addressUtxos(body.ordinalAddress)).map((u) => [`${u.txid}:${u.vout}`, u]),
  );
  const usable = held.filter((h) => unspent.has(h.outpoint));
  // Read from the index itself: the chain source vouches for no rune-bearing output.
  const outpoints = usable.map((h) => h.outpoint);
  const [indexed, inscribed] = await Promise.all([
    indexedOutputs(db, outpoints),
    inscriptionsAt(db, outpoints),
  ]);
  const script = scriptOfAddress(body.ordinalAddress, env.BITCOIN_NETWORK);
  const publicKey = hexToBytes(body.ordinalPublicKey);
  const picked: RuneInput[] = [];
  let total = 0n;
  for (const output of usable) {
    if (total >= amount) break;
    const utxo = unspent.get(output.outpoint);
    if (!utxo || !indexed.has(output.outpoint) || inscribed.get(output.outpoint)?.length) continue;
    picked.push({
      txid: utxo.txid,
      vout: utxo.vout,
      value: utxo.value,
      script,
      publicKey,
      runeAmount: output.amount,
    });
    total += output.amount;
  }
  if (total < amount) {
    const message = `amount: ordinalAddress holds ${total} base units of ${name} it can send, less than ${amount}`;
    throw invalidInput(message, 'amount');
  }
  return picked;
}

export async function submitRuneSend(
  deps: Deps,
  userId: string,
  body: z.output<typeof RuneSendSubmitBodySchema>,
): Promise<{ txid: string }> {
  const { env, chain } = deps;
  const tx = withTradeErrors(FIELD, () => parsePsbt(body.signedPsbt));
  const unsigned = tx.toPSBT();
  const expected = preparedToken(deps.jwtSecret, userId, psbtTxid(unsigned));
  if (!sameText(expected, body.preparedToken)) {
    const message = `${FIELD}: not the transaction prepared for this user (its inputs or outputs differ, or preparedToken is not ours)`;
    throw invalidInput(message, FIELD);
  }
  const inputs = Array.from({ length: tx.inputsLength }, (_, i) => {
    const type = spendTypeOfScript(tx.getInput(i).witnessUtxo?.script ?? new Uint8Array());
    if (!type) throw invalidInput(`${FIELD}: input ${i} is no key-spend output`, FIELD);
    return walletInputRole('payment', 'owner', type);
  });
  const final = withTradeErrors(FIELD, () =>
    finalizeSignedPsbt(body.signedPsbt, {
      psbt: unsigned,
      layout: { inputs },
      maxFeeRate: env.MAX_FEE_RATE,
    }),
  );
  await testMempoolAccept(chain, [final.hex]);
  await broadcastInOrder(chain, [final.hex]);
  return { txid: final.txid };
}

/** Binds a prepared transaction to the user it was prepared for. */
function preparedToken(secret: Uint8Array, userId: string, txid: string): string {
  return createHmac('sha256', secret).update(`rune-send:${userId}:${txid}`).digest('hex');
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function prepareErrorField(err: TradeError): string {
  switch (err.code) {
    case 'key-mismatch':
    case 'insufficient-funds':
    case 'unsupported-payment-script':
      return 'paymentAddress';
    case 'invalid-fee-rate':
    case 'fee-rate-too-high':
      return 'feeRate';
    case 'invalid-address':
    case 'dust-output':
      return 'toAddress';
    case 'invalid-amount':
      return 'amount';
    case 'unsupported-seller-script':
      return 'ordinalAddress';
    default:
      return 'paymentAddress';
  }
}
