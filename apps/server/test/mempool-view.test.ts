import { buildPaymentPsbt, bytesToBase64, hexToBytes, parsePsbt } from '@om/bitcoin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BitcoinRpc } from '../src/chain/rpc.ts';
import { LocalChainSource } from '../src/chain/sources/local-chain-source.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import { addressCoins } from '../src/trading/wallet-coins.ts';
import { inscribe } from './helpers/regtest-inscribe.ts';
import { mineAndSync, newWallet, sign, type Wallet } from './helpers/trading.ts';

// product.md#scale-and-delivery: the local chain source reads the mempool once for every request
// that asks meanwhile (SharedMempoolView), on Bitcoin Core 30 and the indexer's tables. Concurrent
// readers share one getrawmempool; a reader who asks after a coin was spent is never answered from
// a read that the node served before the spend, so no offer is built on that coin.

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

/** The node's client, counting getrawmempool reads; `hold` keeps answered reads until released. */
function countingRpc(rpc: BitcoinRpc) {
  const state = { reads: 0, hold: undefined as Promise<void> | undefined };
  const counting = Object.create(rpc) as BitcoinRpc;
  counting.call = async <T>(method: string, params?: unknown[]): Promise<T> => {
    const answer = await rpc.call<T>(method, params);
    if (method === 'getrawmempool') {
      state.reads += 1;
      await state.hold;
    }
    return answer;
  };
  return { rpc: counting, state };
}

/**
 * Spends the wallet's coin to someone else (`amount` to output 0: the coin's first sats, and what
 * they hold), change back to the wallet; answers the txid.
 */
async function spend(
  payer: Wallet,
  coin: { txid: string; vout: number; value: bigint },
  feeRate = 2,
  { to = newWallet('p2wpkh').script, amount = 10_000n } = {},
) {
  const built = buildPaymentPsbt({
    payment: {
      address: payer.address,
      publicKey: hexToBytes(payer.publicKey),
      utxos: [{ ...coin, script: payer.script, inscribed: false }],
    },
    to,
    amount,
    feeRate,
    network: 'regtest',
  });
  const indices = built.layout.inputs.map((_, i) => i);
  const signed = parsePsbt(sign(bytesToBase64(built.psbt), payer, indices));
  signed.finalize();
  return node.node.rpc.call<string>('sendrawtransaction', [signed.hex]);
}

describe.each(databaseKinds())('the shared mempool read on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, node);
    await t.sync();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 20 concurrent readers with one getrawmempool, as a read of their own would', async () => {
    const payers = Array.from({ length: 20 }, () => newWallet('p2wpkh'));
    for (const p of payers) await node.faucet.fund(p.address, 50_000n);
    await mineAndSync(node, t);
    // Each payer's coin moves in the mempool: what a reader sees depends on the mempool.
    const spends = await Promise.all(
      payers.map(async (p) => {
        const [coin] = await t.deps.chain.source.addressUtxos(p.address);
        if (!coin) throw new Error('the payer was not funded');
        return spend(p, coin);
      }),
    );
    const { rpc, state } = countingRpc(node.node.rpc);
    const source = new LocalChainSource({ db: t.db, rpc });
    const shared = await Promise.all(payers.map((p) => source.addressUtxos(p.address)));
    expect(state.reads).toBe(1);
    const own = [];
    for (const p of payers) own.push(await source.addressUtxos(p.address));
    expect(state.reads).toBe(21);
    expect(shared).toEqual(own);
    // Every payer's coins are the change of its spend, unconfirmed.
    shared.forEach((coins, i) => {
      expect(coins.map((c) => c.txid)).toEqual([spends[i]]);
    });
  });

  it('never answers a reader who asks after a spend from a read served before it', async () => {
    const payer = newWallet('p2wpkh');
    await node.faucet.fund(payer.address, 50_000n);
    await mineAndSync(node, t);
    const { rpc, state } = countingRpc(node.node.rpc);
    const source = new LocalChainSource({ db: t.db, rpc });
    let release = () => {};
    state.hold = new Promise((resolve) => (release = resolve));
    const early = source.addressUtxos(payer.address);
    while (state.reads === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    // The node has answered the first read; the coin is spent; then a minter asks.
    const [coin] = await t.deps.chain.source.addressUtxos(payer.address);
    if (!coin) throw new Error('the payer was not funded');
    const spendTxid = await spend(payer, coin);
    const late = source.addressUtxos(payer.address);
    release();
    const outpoints = (coins: Awaited<typeof early>) => coins.map((c) => `${c.txid}:${c.vout}`);
    expect(outpoints(await early)).toEqual([`${coin.txid}:${coin.vout}`]);
    const after = outpoints(await late);
    expect(after).not.toContain(`${coin.txid}:${coin.vout}`);
    expect(after.map((o) => o.split(':')[0])).toEqual([spendTxid]);
    expect(state.reads).toBe(2);
  });

  /** A new wallet with one confirmed, indexed coin, and a source of its own (its own mempool view). */
  async function fundedPayer() {
    const payer = newWallet('p2wpkh');
    await node.faucet.fund(payer.address, 50_000n);
    await mineAndSync(node, t);
    const source = new LocalChainSource({ db: t.db, rpc: node.node.rpc });
    const [coin] = await source.addressUtxos(payer.address);
    if (!coin) throw new Error('the payer was not funded');
    return { payer, coin, source };
  }

  it('answers a transaction mined into a block the index has not reached, once, until it has', async () => {
    const { payer, coin, source } = await fundedPayer();
    const txid = await spend(payer, coin);
    const pending = await source.addressUtxos(payer.address);
    expect(pending.map((c) => c.txid)).toEqual([txid]);
    const pendingBalance = await source.addressBalance(payer.address);
    // Mined, and the index a block behind: the node's mempool no longer holds it, the index not yet.
    await node.faucet.mine(1);
    const gap = await source.addressUtxos(payer.address);
    expect(gap.map((c) => `${c.txid}:${c.vout}`)).toEqual(
      pending.map((c) => `${c.txid}:${c.vout}`),
    );
    expect(await source.addressBalance(payer.address)).toEqual(pendingBalance);
    // Once the index holds the block, the change is a confirmed output, and only once.
    await t.sync();
    const after = await source.addressUtxos(payer.address);
    expect(after.map((c) => [`${c.txid}:${c.vout}`, c.status.confirmed])).toEqual([
      [`${pending[0]!.txid}:${pending[0]!.vout}`, true],
    ]);
    expect(await source.addressBalance(payer.address)).toEqual({
      confirmed: pending[0]!.value,
      unconfirmed: 0n,
    });
  });

  it('forgets a transaction replaced in the mempool (no block came): only the replacement counts', async () => {
    const { payer, coin, source } = await fundedPayer();
    const first = await spend(payer, coin);
    expect((await source.addressUtxos(payer.address)).map((c) => c.txid)).toEqual([first]);
    // Full RBF (Core 30's default): the same coin spent again at a higher fee rate.
    const replacement = await spend(payer, coin, 10);
    expect((await source.addressUtxos(payer.address)).map((c) => c.txid)).toEqual([replacement]);
    await mineAndSync(node, t);
    expect((await source.addressUtxos(payer.address)).map((c) => c.txid)).toEqual([replacement]);
  });

  it("places a mempool chain's inscriptions read by read, from the read that found the coins", async () => {
    const [holder, receiver] = [newWallet('p2wpkh'), newWallet('p2wpkh')];
    await t.sync();
    const { rpc, state } = countingRpc(node.node.rpc);
    const source = new LocalChainSource({ db: t.db, rpc });
    // A reveal in the mempool, read once; then a move of its inscription, read again.
    const reveal = await inscribe(node, holder.address, [{ contentType: 'text/plain', body: 'x' }]);
    const revealed = await addressCoins(source, holder.address, 'regtest');
    expect(revealed.map((c) => [c.utxo.txid, c.inscriptions, c.utxo.inscribed])).toEqual([
      [reveal.txid, reveal.ids, true],
    ]);
    expect(state.reads).toBe(1);
    const coin = { txid: reveal.txid, vout: reveal.vout, value: reveal.value };
    const move = await spend(holder, coin, 2, { to: receiver.script, amount: 5_000n });
    // One read each: the coins and their inscriptions come from the same read of the node.
    const received = await addressCoins(source, receiver.address, 'regtest');
    expect(received.map((c) => [c.utxo.txid, c.inscriptions, c.utxo.inscribed])).toEqual([
      [move, reveal.ids, true],
    ]);
    const change = await addressCoins(source, holder.address, 'regtest');
    expect(change.map((c) => [c.utxo.txid, c.inscriptions, c.utxo.inscribed])).toEqual([
      [move, [], false],
    ]);
    expect(state.reads).toBe(3);
    // The move was placed on the reveal's placement of an earlier read: as a new reader places it.
    const anew = new LocalChainSource({ db: t.db, rpc: node.node.rpc });
    expect(await addressCoins(anew, receiver.address, 'regtest')).toEqual(received);
    expect(await addressCoins(anew, holder.address, 'regtest')).toEqual(change);
  });
});
