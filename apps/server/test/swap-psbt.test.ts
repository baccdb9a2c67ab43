import {
  addressToScript,
  buildBuySwapPsbt,
  buildSellSwapPsbt,
  checkSignedSwap,
  compressedPublicKey,
  finalizeSwap,
  locateSat,
  p2shP2wpkhAddress,
  p2trAddress,
  p2wpkhAddress,
  randomPrivateKey,
  signPoolInputs,
  signPsbtWithKey,
  swapTxSize,
  type BuiltSwap,
  type WalletUtxo,
} from '@om/bitcoin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { btcToSats } from '../src/chain/rpc.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { inscribe } from './helpers/regtest-inscribe.ts';

// The swap's one transaction (ADR 017) against Bitcoin Core 30: a user's transfer
// inscription sold to a pool for BTC, and a pool's transfer inscription bought with BTC; the user
// signs first, the pool (a taproot key-path key) last; Core accepts each, mines it, and the
// inscription's input moves whole to output 0 with every amount paid exactly. No database.

const FEE_RATE = 2;
const PLATFORM_FEE = 1_000n;

type Wallet = { key: Uint8Array; publicKey: Uint8Array; address: string; script: Uint8Array };
type Kind = 'p2tr' | 'p2wpkh' | 'p2sh-p2wpkh';

function wallet(kind: Kind): Wallet {
  const key = randomPrivateKey();
  const publicKey = compressedPublicKey(key);
  const toAddress = { p2tr: p2trAddress, p2wpkh: p2wpkhAddress, 'p2sh-p2wpkh': p2shP2wpkhAddress };
  const address = toAddress[kind](publicKey, 'regtest');
  return { key, publicKey, address, script: addressToScript(address, 'regtest') as Uint8Array };
}

let node: TestNode;
const pool = wallet('p2tr');
const platform = wallet('p2tr');

beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

/** The confirmed coins of an address, from Core's UTXO set, less the inscribed outpoints given. */
async function coinsOf(owner: Wallet, inscribed: readonly string[] = []): Promise<WalletUtxo[]> {
  const { unspents } = await node.node.rpc.scanTxOutSet([`addr(${owner.address})`]);
  return unspents
    .filter((u) => !inscribed.includes(`${u.txid}:${u.vout}`))
    .map((u) => ({
      txid: u.txid,
      vout: u.vout,
      value: btcToSats(u.amount),
      script: owner.script,
      inscribed: false,
    }));
}

/** A confirmed BRC-20 transfer inscription at offset 0 of a 546-sat output of `owner`. */
async function transferInscription(owner: Wallet, amt: string) {
  const body = JSON.stringify({ p: 'brc-20', op: 'transfer', tick: 'swap', amt });
  const reveal = await inscribe(node, owner.address, [{ contentType: 'text/plain', body }], 546n);
  await node.faucet.mine(1);
  return {
    txid: reveal.txid,
    vout: reveal.vout,
    value: 546n,
    script: owner.script,
    inscriptionOffset: 0n,
  };
}

/** The user signs their inputs, the platform checks them, the pool signs last, Core accepts. */
async function settle(built: BuiltSwap, signer: Wallet): Promise<string> {
  const signed = signPsbtWithKey(built.psbt, signer.key, { inputs: built.layout.userInputs });
  const checked = checkSignedSwap(signed, built);
  const final = finalizeSwap(signPoolInputs(checked, pool.key, built.layout.poolInputs), built);
  expect(final.txid).toBe(built.txid);

  const [verdict] = await node.node.rpc.call<
    { txid: string; allowed: boolean; vsize: number; fees: { base: number } }[]
  >('testmempoolaccept', [[final.hex]]);
  expect(verdict).toMatchObject({ txid: final.txid, allowed: true, vsize: final.vsize });
  expect(btcToSats(verdict?.fees.base ?? 0)).toBe(built.fee);
  expect(final.vsize).toBeLessThanOrEqual(built.vsize);

  expect(await node.node.rpc.sendRawTransaction(final.hex)).toBe(final.txid);
  await node.faucet.mine(1);
  return final.txid;
}

/**
 * The mined transaction's inputs and outputs, from getrawtransaction; checks that ord's FIFO puts
 * the first sat of input 0 (the inscription's) at output 0, offset 0.
 */
async function minedSwap(txid: string) {
  const tx = await node.node.rpc.getRawTransactionVerbose(txid);
  expect(tx.confirmations).toBe(1);
  const inputValues = tx.vin.map((input) => btcToSats(input.prevout?.value ?? 0));
  const outputValues = tx.vout.map((output) => btcToSats(output.value));
  expect(locateSat(inputValues, outputValues, 0, 0n)).toEqual({ vout: 0, offset: 0n });
  return {
    inputs: tx.vin.map((input) => `${input.txid}:${input.vout}`),
    outputs: tx.vout.map((output) => ({
      address: output.scriptPubKey.address,
      value: btcToSats(output.value),
    })),
  };
}

describe('swap PSBTs on regtest', () => {
  const inscriptions: string[] = [];
  /** The pool's cardinal coins the swaps should leave: its unspent coin, its change, the payments. */
  const poolCoinsLeft: bigint[] = [25_000n];

  it('a user sells a transfer inscription to the pool; the pool pays exactly, fee included', async () => {
    const seller = { ordinals: wallet('p2tr'), payment: wallet('p2wpkh') };
    await node.faucet.fund(pool.address, 60_000n);
    await node.faucet.fund(pool.address, 25_000n);
    const inscription = await transferInscription(seller.ordinals, '100');
    const poolCoins = await coinsOf(pool);
    const terms = {
      inscription,
      userPaymentAddress: seller.payment.address,
      pool: { address: pool.address, utxos: poolCoins },
      receive: 40_000n,
      platformFee: { address: platform.address, value: PLATFORM_FEE },
      feeRate: FEE_RATE,
      network: 'regtest' as const,
    };
    const built = buildSellSwapPsbt({
      ...terms,
      keys: { user: seller.ordinals.publicKey, pool: pool.publicKey },
    });
    const size = swapTxSize({ direction: 'sell', ...terms });
    expect({ vsize: size.vsize, fee: size.fee }).toEqual({ vsize: built.vsize, fee: built.fee });

    const txid = await settle(built, seller.ordinals);
    const mined = await minedSwap(txid);
    const poolInput = poolCoins.find((c) => mined.inputs[1] === `${c.txid}:${c.vout}`);
    expect(mined.inputs).toEqual([
      `${inscription.txid}:${inscription.vout}`,
      `${poolInput?.txid}:${poolInput?.vout}`,
    ]);
    expect(mined.outputs).toEqual([
      { address: pool.address, value: 546n },
      { address: seller.payment.address, value: 40_000n },
      { address: platform.address, value: PLATFORM_FEE },
      { address: pool.address, value: 60_000n - 40_000n - PLATFORM_FEE - built.fee },
    ]);
    inscriptions.push(`${txid}:0`);
    poolCoinsLeft.push(60_000n - 40_000n - PLATFORM_FEE - built.fee);
  });

  it.each(['p2sh-p2wpkh', 'p2tr'] as const)(
    'a %s user buys a pool transfer inscription; they pay exactly, fee included',
    async (kind) => {
      const buyer = { ordinals: wallet('p2tr'), payment: wallet(kind) };
      await node.faucet.fund(buyer.payment.address, 70_000n);
      const inscription = await transferInscription(pool, '50');
      const userCoins = await coinsOf(buyer.payment);
      const terms = {
        inscription,
        poolAddress: pool.address,
        user: {
          paymentAddress: buyer.payment.address,
          ordinalsAddress: buyer.ordinals.address,
          utxos: userCoins,
        },
        pay: 30_000n,
        platformFee: { address: platform.address, value: PLATFORM_FEE },
        feeRate: FEE_RATE,
        network: 'regtest' as const,
      };
      const built = buildBuySwapPsbt({
        ...terms,
        keys: { user: buyer.payment.publicKey, pool: pool.publicKey },
      });
      expect(swapTxSize({ direction: 'buy', ...terms }).vsize).toBe(built.vsize);

      const txid = await settle(built, buyer.payment);
      const mined = await minedSwap(txid);
      expect(mined.inputs).toEqual([
        `${inscription.txid}:${inscription.vout}`,
        `${userCoins[0]?.txid}:${userCoins[0]?.vout}`,
      ]);
      expect(mined.outputs).toEqual([
        { address: buyer.ordinals.address, value: 546n },
        { address: pool.address, value: 30_000n },
        { address: platform.address, value: PLATFORM_FEE },
        { address: buyer.payment.address, value: 70_000n - 30_000n - PLATFORM_FEE - built.fee },
      ]);
      inscriptions.push(`${txid}:0`);
      poolCoinsLeft.push(30_000n);
    },
  );

  it("the pool's cardinal coins after the swaps: exactly its change and the payments", async () => {
    const byValue = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);
    const cardinal = (await coinsOf(pool, inscriptions)).map((c) => c.value);
    expect(cardinal.sort(byValue)).toEqual(poolCoinsLeft.sort(byValue));
  });
});
