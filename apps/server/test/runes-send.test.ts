// Sending runes through the API on a real regtest node: alice etches a rune with a premine, asks
// the server to prepare a send of part of it to bob, signs with her two keys, submits; once the
// block is mined, our index has bob holding the amount and alice the rest. An amount above her
// balance, and a PSBT other than the prepared one, are clear 400s.
import { bytesToBase64, parsePsbt } from '@om/bitcoin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  firstApp,
  mineMempoolRunes,
  mineRunes,
  runeCommitLock,
  runesTx,
  spacedRune,
  walletLock,
} from './helpers/runes.ts';
import { ScenarioChain } from './helpers/scenario-chain.ts';
import type { TestApp } from './helpers/test-app.ts';
import { api, newWallet, sign, signIn, type Wallet } from './helpers/trading.ts';

const NAME = 'RUNE•SEND•ROUTE•TEST';

describe('sending runes', () => {
  let chain: ScenarioChain;
  let t: TestApp;
  let token: string;
  let runeId = '';
  const alice = { ordinals: newWallet('p2tr'), payment: newWallet('p2wpkh') };
  const bob: Wallet = newWallet('p2tr');

  const prepareBody = (amount: string) => ({
    runeId,
    amount,
    toAddress: bob.address,
    feeRate: 2,
    ordinalAddress: alice.ordinals.address,
    ordinalPublicKey: alice.ordinals.publicKey,
    paymentAddress: alice.payment.address,
    paymentPublicKey: alice.payment.publicKey,
  });
  const balances = async (address: string) => {
    const res = await chain.get(`/api/runes/balances/${address}`);
    expect(res.statusCode).toBe(200);
    return (res.json() as { payload: { balances: { runeId: string; amount: string }[] } }).payload
      .balances;
  };

  beforeAll(async () => {
    chain = await ScenarioChain.start();
    t = firstApp(chain);
    const { rune, spacers } = spacedRune(NAME);
    // 1000 sats: less than the send's two 546-sat outputs, so the payment coins pay too.
    const commit = chain.coin(1_000n, runeCommitLock(rune));
    await chain.mine();
    // The reveal is the commit's sixth confirmation (ord's COMMIT_CONFIRMATIONS).
    await chain.mineTo((await chain.height()) + 4);
    const reveal = runesTx([commit], [walletLock(alice.ordinals)], {
      edicts: [],
      etching: { rune, spacers, divisibility: 2, premine: 100_000n, turbo: false },
    });
    chain.coin(50_000n, walletLock(alice.payment));
    await mineRunes(chain, [reveal]);
    const etched = await chain.get(`/api/runes/${NAME}`);
    runeId = (etched.json() as { payload: { rune: { id: string } } }).payload.rune.id;
    token = await signIn(t, alice.ordinals);
  });
  afterAll(async () => {
    await chain?.stop();
  });

  it('refuses to send more than the sender holds, naming the amount', async () => {
    const res = await api(t, 'POST', '/api/runes/send/prepare', prepareBody('100001'), token);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(
      'amount: ordinalAddress holds 100000 base units of RUNE•SEND•ROUTE•TEST it can send, less than 100001',
    );
  });

  it('needs a session', async () => {
    const res = await api(t, 'POST', '/api/runes/send/prepare', prepareBody('1'));
    expect(res.status).toBe(401);
  });

  it('sends part of the balance to bob; alice keeps the rest', async () => {
    const prepared = await api(t, 'POST', '/api/runes/send/prepare', prepareBody('1250'), token);
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    const { psbt, ordinalInputs, paymentInputs, review, preparedToken } = prepared.body.payload;
    expect(review).toMatchObject({
      runeId,
      name: NAME,
      divisibility: 2,
      amount: '1250',
      displayAmount: '12.5',
      toAddress: bob.address,
    });
    expect({ ordinalInputs, paymentInputs }).toEqual({ ordinalInputs: [0], paymentInputs: [1] });
    const signed = sign(sign(psbt, alice.ordinals, ordinalInputs), alice.payment, paymentInputs);

    // Another transaction than the prepared one (an output's value changed) is refused.
    const other = parsePsbt(psbt);
    other.updateOutput(1, { amount: 600n });
    const tampered = sign(
      sign(bytesToBase64(other.toPSBT()), alice.ordinals, [0]),
      alice.payment,
      paymentInputs,
    );
    const refused = await api(
      t,
      'POST',
      '/api/runes/send/submit',
      { signedPsbt: tampered, preparedToken },
      token,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^signedPsbt: not the transaction prepared for this user/);

    const sent = await api(
      t,
      'POST',
      '/api/runes/send/submit',
      { signedPsbt: signed, preparedToken },
      token,
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const txid = sent.body.payload.txid as string;
    await mineMempoolRunes(chain, [txid]);

    expect(await balances(bob.address)).toMatchObject([
      { runeId, amount: '1250', outpoints: [`${txid}:1`] },
    ]);
    expect(await balances(alice.ordinals.address)).toMatchObject([
      { runeId, amount: '98750', outpoints: [`${txid}:2`] },
    ]);
  });
});
