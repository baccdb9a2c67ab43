import {
  buildDelistPsbt,
  buildMultisigDeposit,
  bytesToBase64,
  multisigWallet,
  parsePsbt,
  type WalletUtxo,
} from '@om/bitcoin';
import type { Brc20Token, InscribeOrder, PaymentPsbt, Price } from '@om/core';
import { coin } from './multisig-test-fixtures.ts';
import { BUYER_ORDINALS, BUYER_PAYMENT, NETWORK, PLATFORM, THIEF } from './trade-test-fixtures.ts';

// A deployed token, the service's price and orders, and a real payment PSBT built with
// packages/bitcoin from the buyer's coins (any P2WSH stands in for the taproot charge address).

export const SERVICE = '/api/inscription-service';
export const ORDER_ID = 'a1b2c3d4-0000-4000-8000-00000000b20a';
const CHARGE = multisigWallet(PLATFORM.publicKey, THIEF.publicKey, NETWORK);
export const CHARGE_ADDRESS = CHARGE.address;
export const DEPLOY_ID = `${'de'.repeat(32)}i0`;

export function token(changes: Partial<Brc20Token> = {}): Brc20Token {
  return {
    tick: 'ordi',
    originalTick: 'ordi',
    decimals: 0,
    maxSupply: '21000000',
    limitPerMint: '1000',
    mintedSupply: '7875000',
    burnedSupply: '0',
    remainingSupply: '13125000',
    mintProgress: '37.50',
    holders: 3,
    selfMint: false,
    deployInscriptionId: DEPLOY_ID,
    deployHeight: 101,
    deployTime: '2026-03-01T12:00:00Z',
    deployerAddress: BUYER_ORDINALS.address,
    ...changes,
  };
}

/** Two mints at 6 sat/vB: amount = 3,600 + 1,092 + 1,000 = 5,692 sats. */
export function price(count = 2): Price {
  const chainFee = 3_600n;
  const postage = 546n * BigInt(count);
  const serviceFee = 1_000n;
  const amount = chainFee + postage + serviceFee;
  return {
    chainFee: chainFee.toString(),
    commitVsize: 154,
    revealVsize: 446,
    serviceFee: serviceFee.toString(),
    baseFee: '0',
    postage: postage.toString(),
    count,
    amount: amount.toString(),
    totalFee: (chainFee + serviceFee).toString(),
    feeRate: 6,
  };
}

export function order(changes: Partial<InscribeOrder> = {}): InscribeOrder {
  const p = price();
  return {
    id: ORDER_ID,
    state: 'waiting-payment',
    orderType: 'brc20',
    charge: { address: CHARGE_ADDRESS, amount: p.amount },
    receiveAddress: BUYER_ORDINALS.address,
    feeRate: 6,
    chainFee: p.chainFee,
    serviceFee: p.serviceFee,
    baseFee: p.baseFee,
    postage: p.postage,
    brc20: { tick: 'ordi', amt: '1000', count: 2 },
    files: [],
    paid: false,
    underpaid: false,
    expired: false,
    paymentTxid: null,
    refund: null,
    error: null,
    createdAt: 1_772_366_400,
    expiresAt: 1_772_368_200,
    ...changes,
  };
}

const BUYER_COINS: WalletUtxo[] = [coin(0x61, 300_000n, BUYER_PAYMENT.script)];

/** POST {base}/payment-psbt's answer: the buyer pays `amount` to the charge; 'pays-elsewhere' tampers. */
export function paymentPsbt(
  amount = BigInt(price().amount),
  tamper?: 'pays-elsewhere',
): PaymentPsbt {
  const built = buildMultisigDeposit({
    payment: {
      address: BUYER_PAYMENT.address,
      publicKey: BUYER_PAYMENT.publicKey,
      utxos: BUYER_COINS,
    },
    to: CHARGE,
    amount,
    feeRate: 6,
    network: NETWORK,
  });
  const tx = parsePsbt(built.psbt);
  if (tamper === 'pays-elsewhere') tx.updateOutput(0, { script: THIEF.script });
  return {
    psbt: bytesToBase64(tx.toPSBT()),
    inputsToSign: built.layout.inputs.map((_, index) => index),
    networkFee: '0',
    amount: amount.toString(),
    chargeAddress: CHARGE_ADDRESS,
  };
}

export const TRANSFER_TXID = 'ab'.repeat(32);
export const TRANSFER_ID = `${TRANSFER_TXID}i0`;

/** POST /api/brc20/transfer/prepare's answer: the transfer inscription's output to `toAddress`, the fee from payment coins. */
export function sendPsbt(toAddress: string) {
  const built = buildDelistPsbt({
    inscriptionUtxo: {
      txid: TRANSFER_TXID,
      vout: 0,
      value: 546n,
      script: BUYER_ORDINALS.script,
      publicKey: BUYER_ORDINALS.publicKey,
    },
    sellerPayment: {
      address: BUYER_PAYMENT.address,
      publicKey: BUYER_PAYMENT.publicKey,
      utxos: [coin(0x62, 100_000n, BUYER_PAYMENT.script)],
    },
    toAddress,
    feeRate: 6,
    network: NETWORK,
  });
  return {
    psbt: bytesToBase64(built.psbt),
    ordinalInputs: [0],
    paymentInputs: built.layout.paymentIndices,
    networkFee: built.fee.toString(),
  };
}
