import {
  buildPurchasePsbt,
  hexToBytes,
  parsePsbt,
  scriptOfAddress,
  signPsbtWithKey,
  type ListedItem,
} from '@om/bitcoin';
import { btcToSats } from '../../src/chain/rpc.ts';
import type { TestNode } from './regtest.ts';
import type { Wallet } from './trading.ts';

// The sniper of ADR 009 and ADR 009/010: reads a protected seller's witness out of a purchase in
// the mempool and rebuilds the purchase around it for themselves at a higher fee rate.

/** What Bitcoin Core answers for a script that fails (the name changed across versions). */
export const SCRIPT_FAILURE = /(mandatory|mempool)-script-verify-flag/;

export type SnipeAttempt = {
  /** The seller witness [sigP, sigU, script] as it is in the mempool. */
  witness: Uint8Array[];
  /** The sniper's transaction with that witness copied: `withWitness(witness)` or any other. */
  withWitness: (items: Uint8Array[]) => string;
};

/**
 * The sniper's replacement of the purchase `txId` for the protected item at input `sellerIndex`
 * (paid at output `sellerIndex`): their own paddings (two 600-sat coins) and payment coins, ten
 * times `feeRate`, signed; the seller input's witness left to the caller.
 */
export async function snipeAttempt(
  node: TestNode,
  params: {
    txId: string;
    sellerIndex: number;
    outpoint: string;
    value: bigint;
    makerWallet: { address: string; witnessScript: string };
    sniper: Wallet;
    coins: readonly { txid: string; vout: number; value: bigint }[];
    feeRate: number;
  },
): Promise<SnipeAttempt> {
  const { sniper, sellerIndex } = params;
  const mempoolTx = await node.node.rpc.call<{
    vin: { txid: string; vout: number; txinwitness?: string[] }[];
    vout: { value: number; scriptPubKey: { hex: string } }[];
  }>('getrawtransaction', [params.txId, 1]);
  const witness = (mempoolTx.vin[sellerIndex]?.txinwitness ?? []).map(hexToBytes);
  const [txid = '', vout = '0'] = params.outpoint.split(':');
  const payout = mempoolTx.vout[sellerIndex];
  const listed: ListedItem = {
    sellerInput: {
      txid,
      vout: Number(vout),
      value: params.value,
      script: scriptOfAddress(params.makerWallet.address, 'regtest'),
      sequence: 0xffffffff,
      inscriptionOffset: 0n,
      witnessScript: hexToBytes(params.makerWallet.witnessScript),
    },
    payout: {
      script: hexToBytes(payout?.scriptPubKey.hex ?? ''),
      value: btcToSats(payout?.value ?? 0),
    },
  };
  const own = (c: { txid: string; vout: number; value: bigint }) => ({
    ...c,
    script: sniper.script,
    inscribed: false,
  });
  const snipe = buildPurchasePsbt({
    listings: [listed],
    buyer: {
      paymentAddress: sniper.address,
      paymentPublicKey: hexToBytes(sniper.publicKey),
      ordinalAddress: sniper.address,
      paymentUtxos: params.coins.filter((c) => c.value > 600n).map(own),
      paddingUtxos: params.coins.filter((c) => c.value === 600n).map(own),
    },
    feeRate: params.feeRate * 10,
    network: 'regtest',
  });
  const inputs = snipe.layout.inputs.flatMap((role, i) => (role.kind === 'seller' ? [] : [i]));
  const signed = parsePsbt(signPsbtWithKey(snipe.psbt, sniper.key, { inputs, finalize: true }));
  const sellerAt = snipe.layout.inputs.findIndex((role) => role.kind === 'seller');
  return {
    witness,
    withWitness: (items) => {
      const tx = parsePsbt(signed.toPSBT());
      tx.updateInput(sellerAt, { finalScriptWitness: items }, true);
      return tx.hex;
    },
  };
}
