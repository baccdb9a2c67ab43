import { Script } from '@scure/btc-signer';
import { encodeTransaction, parsePsbt, unsignedParts } from './codec.ts';

/**
 * The txid a PSBT's transaction will have once signed, known before any signature: witnesses are
 * not part of a txid, and the only scriptSig of our inputs (P2SH-P2WPKH's push of its redeem
 * script) does not depend on a signature. Lets the server store what it built under its txid and
 * find it again from what the wallet sends back. Throws TradeError('invalid-psbt').
 */
export function psbtTxid(psbt: Uint8Array | string): string {
  const tx = parsePsbt(psbt);
  const parts = unsignedParts(tx);
  const finals = parts.inputs.map((_, i) => {
    const { redeemScript } = tx.getInput(i);
    return {
      scriptSig: redeemScript ? Script.encode([redeemScript]) : new Uint8Array(),
      witness: [],
    };
  });
  return encodeTransaction(tx, parts, finals).txid;
}
