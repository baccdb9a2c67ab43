import { dustThreshold, feeFor } from '../psbt/fees.ts';
import type { BitcoinNetwork } from '../networks.ts';
import { chargeOf } from '../inscriptions/inscribe-order.ts';
import {
  buildRevealTransaction,
  estimateRevealVsize,
  InscribeError,
  type RevealTransaction,
} from '../inscriptions/inscribe.ts';

// A pool's transfer inscription that no swap used (its buyer double spent the swap) sent back to
// the pool itself: BRC-20 counts the move as a transfer to the pool, so the amount is available
// again (ADR 017). Input 0 is the inscription's output, whole to output 0 at the same address
// (FIFO keeps it at offset 0); a cardinal coin of the pool pays the fee, its change back.

type Coin = { txid: string; vout: number; value: bigint };

export function buildSelfTransfer(params: {
  /** The pool's key: both inputs are its key-path outputs. */
  privateKey: Uint8Array;
  inscription: Coin;
  coin: Coin;
  feeRate: number;
  network: BitcoinNetwork;
}): RevealTransaction {
  const { privateKey, inscription, coin, feeRate, network } = params;
  const { address, script } = chargeOf(privateKey, network);
  const inputs = [inscription, coin].map((c) => ({ ...c, script, privateKey }));
  const outputs = [
    { address, value: inscription.value },
    { address, value: 0n },
  ];
  const fee = feeFor(estimateRevealVsize({ inputs, outputs, network }), feeRate);
  const change = coin.value - fee;
  if (change < dustThreshold(script)) {
    throw new InscribeError('insufficient-funds', `${coin.value} sats do not pay a fee of ${fee}`);
  }
  return buildRevealTransaction({
    inputs,
    outputs: [outputs[0]!, { address, value: change }],
    network,
  });
}
