import { bytesToBase64, parsePsbt, scriptOfAddress } from '@om/bitcoin';
import { Brc20SendPreparePayloadSchema } from '@om/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexBrc20 } from '../src/indexer/brc20/brc20-follower.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { inscribe } from './helpers/regtest-inscribe.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import {
  api,
  mineAndSync,
  newWallet,
  paidTo,
  refreshMempool,
  sign,
  type Wallet,
} from './helpers/trading.ts';

// Sending a transfer inscription (ADR 015, the second step of a BRC-20 transfer) through the
// API on Bitcoin Core 30: prepare builds inscription → receiver plus the fee from the payment
// coins, the wallet signs, send checks the shape, Core accepts, and the indexer sees the
// inscription at the receiver with its postage.

const POSTAGE = 10_000n;
const FEE_RATE = 2;
const TRANSFER = { contentType: 'text/plain;charset=utf-8', body: '' };

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

type Holder = { ordinals: Wallet; payment: Wallet };

describe.each(databaseKinds())('sending a transfer inscription on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, node, { WRITE_RATE_LIMIT_PER_MINUTE: '10000' });
    await t.sync();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A holder with a confirmed transfer inscription of `amt` omkt and 100,000 sats to pay with. */
  async function holderWithTransfer(amt = '10'): Promise<Holder & { id: string }> {
    const holder = { ordinals: newWallet('p2tr'), payment: newWallet('p2wpkh') };
    const body = JSON.stringify({ p: 'brc-20', op: 'transfer', tick: 'omkt', amt });
    const reveal = await inscribe(node, holder.ordinals.address, [{ ...TRANSFER, body }], POSTAGE);
    await node.faucet.fund(holder.payment.address, 100_000n);
    await mineAndSync(node, t);
    return { ...holder, id: reveal.ids[0] as string };
  }

  function prepareBody(holder: Holder, id: string, toAddress: string) {
    return {
      inscriptionId: id,
      toAddress,
      ordinalAddress: holder.ordinals.address,
      ordinalPublicKey: holder.ordinals.publicKey,
      paymentAddress: holder.payment.address,
      paymentPublicKey: holder.payment.publicKey,
      feeRate: FEE_RATE,
    };
  }

  async function prepare(holder: Holder, id: string, toAddress: string) {
    const res = await api(
      t,
      'POST',
      '/api/brc20/transfer/prepare',
      prepareBody(holder, id, toAddress),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return Brc20SendPreparePayloadSchema.parse(res.body.payload);
  }

  function signSend(
    holder: Holder,
    prepared: { psbt: string; ordinalInputs: number[]; paymentInputs: number[] },
  ) {
    const withOrdinal = sign(prepared.psbt, holder.ordinals, prepared.ordinalInputs);
    return sign(withOrdinal, holder.payment, prepared.paymentInputs);
  }

  /** The unsigned PSBT with output `index` changed, as a wallet that rewrote it would sign it. */
  function rewriteOutput(
    psbt: string,
    index: number,
    change: { address?: string; amount?: bigint },
  ) {
    const tx = parsePsbt(psbt);
    const output = tx.getOutput(index);
    tx.updateOutput(index, {
      script: change.address ? scriptOfAddress(change.address, 'regtest') : output.script,
      amount: change.amount ?? output.amount,
    });
    return bytesToBase64(tx.toPSBT());
  }

  it('sends the transfer inscription to the receiver with its postage, fee from the payment coins', async () => {
    const alice = await holderWithTransfer();
    const bob = newWallet('p2tr');
    const prepared = await prepare(alice, alice.id, bob.address);
    expect(prepared.ordinalInputs).toEqual([0]);
    expect(prepared.paymentInputs).toEqual([1]);
    const fee = BigInt(prepared.networkFee);
    expect(fee).toBeGreaterThan(0n);

    const sent = await api(t, 'POST', '/api/brc20/transfer/send', {
      signedPsbt: signSend(alice, prepared),
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const { txid } = sent.body.payload as { txid: string };
    expect(await paidTo(node, txid, bob.address)).toBe(POSTAGE);
    expect(await paidTo(node, txid, alice.payment.address)).toBe(100_000n - fee);
    await mineAndSync(node, t);

    const location = await t.deps.chain.source.inscriptionLocation(alice.id);
    expect(location).toEqual({
      inscriptionId: alice.id,
      satpoint: `${txid}:0:0`,
      address: bob.address,
      outputValue: POSTAGE,
    });
  });

  it('refuses a signed send whose change pays another address, and one that shaves the postage', async () => {
    const alice = await holderWithTransfer();
    const bob = newWallet('p2tr');
    const mallory = newWallet('p2wpkh');
    const prepared = await prepare(alice, alice.id, bob.address);

    const stolenChange = {
      ...prepared,
      psbt: rewriteOutput(prepared.psbt, 1, { address: mallory.address }),
    };
    const refused = await api(t, 'POST', '/api/brc20/transfer/send', {
      signedPsbt: signSend(alice, stolenChange),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(
      'signedPsbt: only one change output, back to the payment address, may follow output 0',
    );

    const shaved = {
      ...prepared,
      psbt: rewriteOutput(prepared.psbt, 0, { amount: POSTAGE - 1_000n }),
    };
    const refusedShaved = await api(t, 'POST', '/api/brc20/transfer/send', {
      signedPsbt: signSend(alice, shaved),
    });
    expect(refusedShaved.status).toBe(400);
    expect(refusedShaved.body.error).toBe(
      `signedPsbt: output 0 must carry the inscription's ${POSTAGE} sats whole`,
    );

    // The signatures of the prepared send grafted onto one that pays mallory: the shape holds,
    // the signatures do not; Core refuses.
    const signed = parsePsbt(signSend(alice, prepared));
    const redirected = parsePsbt(rewriteOutput(prepared.psbt, 0, { address: mallory.address }));
    for (let i = 0; i < signed.inputsLength; i++) {
      const { tapKeySig, partialSig } = signed.getInput(i);
      redirected.updateInput(i, {
        ...(tapKeySig ? { tapKeySig } : {}),
        ...(partialSig ? { partialSig } : {}),
      });
    }
    const rejected = await api(t, 'POST', '/api/brc20/transfer/send', {
      signedPsbt: bytesToBase64(redirected.toPSBT()),
    });
    expect(rejected.status).toBe(400);
    expect(rejected.body.error).toMatch(/^Transaction rejected: /);

    expect(
      await api(t, 'POST', '/api/brc20/transfer/send', { signedPsbt: 'bm90IGEgcHNidA==' }),
    ).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/^signedPsbt is not a valid PSBT/) },
    });
    const location = await t.deps.chain.source.inscriptionLocation(alice.id);
    expect(location?.address).toBe(alice.ordinals.address);
  });

  it('refuses an inscription that is not at ordinalAddress, an unknown one, and one already moving', async () => {
    const alice = await holderWithTransfer();
    const carol = { ordinals: newWallet('p2tr'), payment: newWallet('p2wpkh') };
    const bob = newWallet('p2tr');

    const notHers = await api(
      t,
      'POST',
      '/api/brc20/transfer/prepare',
      prepareBody(carol, alice.id, bob.address),
    );
    expect(notHers.status).toBe(400);
    expect(notHers.body.error).toBe(
      `inscriptionId: inscription ${alice.id} is not at ordinalAddress`,
    );

    const unknown = `${'ab'.repeat(32)}i0`;
    const missing = await api(
      t,
      'POST',
      '/api/brc20/transfer/prepare',
      prepareBody(alice, unknown, bob.address),
    );
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe(`inscriptionId: inscription ${unknown} is not known (yet)`);

    const wrongKey = {
      ...prepareBody(alice, alice.id, bob.address),
      ordinalPublicKey: carol.ordinals.publicKey,
    };
    const refusedKey = await api(t, 'POST', '/api/brc20/transfer/prepare', wrongKey);
    expect(refusedKey.status).toBe(400);
    expect(refusedKey.body.error).toBe('ordinalPublicKey: does not belong to ordinalAddress');

    const prepared = await prepare(alice, alice.id, bob.address);
    const sent = await api(t, 'POST', '/api/brc20/transfer/send', {
      signedPsbt: signSend(alice, prepared),
    });
    expect(sent.status).toBe(200);
    await refreshMempool(node, t);
    const again = await api(
      t,
      'POST',
      '/api/brc20/transfer/prepare',
      prepareBody(alice, alice.id, bob.address),
    );
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(
      `inscriptionId: inscription ${alice.id} is being moved by another transaction`,
    );
    const twice = await api(t, 'POST', '/api/brc20/transfer/send', {
      signedPsbt: signSend(alice, prepared),
    });
    expect(twice.status).toBe(409);
    await mineAndSync(node, t);
  });

  it('refuses a payment address without coins, naming it', async () => {
    const alice = await holderWithTransfer();
    const broke = { ...alice, payment: newWallet('p2wpkh') };
    const res = await api(
      t,
      'POST',
      '/api/brc20/transfer/prepare',
      prepareBody(broke, alice.id, newWallet('p2tr').address),
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^paymentAddress does not have enough funds/);
  });

  it('moves the tokens in the index: the sender keeps the rest, the receiver gets the amount', async () => {
    const tick = `s${Math.random().toString(36).slice(2, 5)}`;
    const content = (json: Record<string, string>) => ({
      ...TRANSFER,
      body: JSON.stringify({ p: 'brc-20', ...json }),
    });
    const alice = { ordinals: newWallet('p2tr'), payment: newWallet('p2wpkh') };
    const bob = newWallet('p2tr');
    await inscribe(node, bob.address, [content({ op: 'deploy', tick, max: '1000', lim: '100' })]);
    await mineAndSync(node, t);
    await inscribe(node, alice.ordinals.address, [content({ op: 'mint', tick, amt: '100' })]);
    await mineAndSync(node, t);
    const transfer = await inscribe(node, alice.ordinals.address, [
      content({ op: 'transfer', tick, amt: '40' }),
    ]);
    await node.faucet.fund(alice.payment.address, 100_000n);
    await mineAndSync(node, t);
    const id = transfer.ids[0] as string;

    const prepared = await prepare(alice, id, bob.address);
    const sent = await api(t, 'POST', '/api/brc20/transfer/send', {
      signedPsbt: signSend(alice, prepared),
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await mineAndSync(node, t);
    await indexBrc20(t.db, 'regtest');

    const balance = async (address: string) => {
      const res = await api(t, 'GET', `/api/brc20/balances/${address}`);
      const rows = res.body.payload.balances as Record<string, string>[];
      const row = rows.find((r) => r.tick === tick);
      return row && `${row.overall} = ${row.available} + ${row.transferable}`;
    };
    const e18 = (n: number) => `${n}.000000000000000000`;
    expect(await balance(alice.ordinals.address)).toBe(`${e18(60)} = ${e18(60)} + ${e18(0)}`);
    expect(await balance(bob.address)).toBe(`${e18(40)} = ${e18(40)} + ${e18(0)}`);

    // Its first move was the transfer: sending it on would move no tokens.
    const bobAsHolder = { ordinals: bob, payment: alice.payment };
    const again = await api(
      t,
      'POST',
      '/api/brc20/transfer/prepare',
      prepareBody(bobAsHolder, id, alice.ordinals.address),
    );
    expect(again.status).toBe(400);
    expect(again.body.error).toMatch(
      new RegExp(
        `^inscriptionId: transfer inscription ${id} was already sent \\(block \\d+\\); sending it again moves no tokens$`,
      ),
    );
  });
});
