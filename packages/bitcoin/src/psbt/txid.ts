import { Script, type Transaction } from '@scure/btc-signer';
import { sha256x2 } from '@scure/btc-signer/utils.js';
import { bytesToHex } from '../bytes.ts';
import { encodeTransaction, parsePsbt, unsignedParts, type PsbtInput } from './codec.ts';

/**
 * The txid a PSBT's transaction will have once signed, known before any signature: witnesses are
 * not part of a txid, and the only scriptSig of our inputs (P2SH-P2WPKH's push of its redeem
 * script) does not depend on a signature. Lets the server store what it built under its txid and
 * find it again from what the wallet sends back. Throws TradeError('invalid-psbt').
 */
export function psbtTxid(psbt: PsbtInput): string {
  return builtTxid(parsePsbt(psbt));
}

/**
 * psbtTxid of a transaction still being built, without serializing and parsing it: scure checks
 * every taproot key again (a modular square root each) whenever it encodes or decodes a PSBT.
 */
export function builtTxid(tx: Transaction): string {
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

/**
 * The txid of a PSBT's unsigned transaction (no scriptSig, no witness): the same for the PSBT built
 * and the one a wallet signed, whatever the wallet finalized. Throws TradeError('invalid-psbt').
 */
export function unsignedFormTxid(psbt: PsbtInput): string {
  return bytesToHex(sha256x2(parsePsbt(psbt).unsignedTx).reverse());
}
