import {
  buildRecoveryPsbt,
  bytesToBase64,
  finalizeRecovery,
  hexToBytes,
  multisigWallet,
  p2shP2wpkhAddress,
  parsePsbt,
  scriptOfAddress,
  signPsbtWithKey,
} from '@om/bitcoin';
import {
  BuiltPsbtPayloadSchema,
  MultisigUtxosPayloadSchema,
  MultisigWalletSchema,
  type MultisigWallet,
} from '@om/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resumeClaims } from '../src/claims/claimed-transactions.worker.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import {
  api,
  inMempool,
  mineAndSync,
  newWallet,
  paidTo,
  signIn,
  type Wallet,
} from './helpers/trading.ts';

// ADR 009 "The two wallets" and "Padding and withdrawals" through the API on Bitcoin Core 30: the
// user's 2-of-2 wallet, funded, split into paddings, withdrawn from with the platform's
// co-signature, and left without the platform after 144 blocks.

const FEE_RATE = 2;

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

describe.each(databaseKinds())('multisig wallets on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, node, { WRITE_RATE_LIMIT_PER_MINUTE: '10000' });
    await t.sync();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function walletOf(user: Wallet, route = 'get-wallet'): Promise<MultisigWallet> {
    const res = await api(t, 'POST', `/api/multisig/${route}`, {
      userPublicKey: user.publicKey,
      userAddress: user.address,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return MultisigWalletSchema.parse(res.body.payload);
  }

  /** A user whose multisig wallet holds `coins` confirmed coins of `value` sats. */
  async function fundedUser(coins: number, value: bigint) {
    const user = newWallet('p2wpkh');
    const wallet = await walletOf(user);
    for (let i = 0; i < coins; i++) await node.faucet.fund(wallet.address, value);
    await mineAndSync(node, t);
    return { user, wallet };
  }

  async function utxosOf(id: string) {
    const res = await api(t, 'GET', `/api/multisig/utxos/${id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return MultisigUtxosPayloadSchema.parse(res.body.payload);
  }

  function signAll(psbt: string, user: Wallet, inputs: { index: number }[]): string {
    return bytesToBase64(signPsbtWithKey(psbt, user.key, { inputs: inputs.map((i) => i.index) }));
  }

  it('gives each user key one multisig and one maker wallet, P2WSH of the ADR 009 script', async () => {
    const user = newWallet('p2wpkh');
    const first = await walletOf(user);
    const again = await walletOf(user);
    const maker = await walletOf(user, 'get-maker-wallet');
    expect(again).toEqual(first);
    expect(first.kind).toBe('multisig');
    expect(maker.kind).toBe('maker');
    expect(maker.address).not.toBe(first.address);
    expect(maker.platformPublicKey).not.toBe(first.platformPublicKey);
    // <U> CHECKSIGVERIFY <P> CHECKSIG IFDUP NOTIF <144> CSV ENDIF
    expect(first.witnessScript).toBe(
      `21${user.publicKey}ad21${first.platformPublicKey}ac7364029000b268`,
    );
    const expected = multisigWallet(
      hexToBytes(user.publicKey),
      hexToBytes(first.platformPublicKey),
      'regtest',
    );
    expect(first.address).toBe(expected.address);
    expect(first.csvBlocks).toBe(144);
    expect(JSON.stringify(first)).not.toMatch(/private|secret/i);
  });

  it("keeps a wallet's signing hint from strangers: only a session of the new address changes it", async () => {
    const victim = newWallet('p2wpkh');
    await walletOf(victim);
    const created = await walletOf(victim, 'get-maker-wallet');
    // Any address of the victim's public key passes the key check; the attacker needs no secret.
    const otherAddress = p2shP2wpkhAddress(hexToBytes(victim.publicKey), 'regtest');
    const overwrite = { userPublicKey: victim.publicKey, userAddress: otherAddress };
    const attackerToken = await signIn(t, newWallet('p2wpkh'));
    for (const token of [undefined, attackerToken]) {
      for (const route of ['get-wallet', 'get-maker-wallet']) {
        const res = await api(t, 'POST', `/api/multisig/${route}`, overwrite, token);
        expect(res.status).toBe(200);
        expect(res.body.payload.userAddress).toBe(victim.address);
      }
    }
    const stored = await t.db.kysely
      .selectFrom('multisig_wallets')
      .select(['kind', 'user_address'])
      .where('user_public_key', '=', victim.publicKey)
      .orderBy('kind')
      .execute();
    expect(stored).toEqual([
      { kind: 'maker', user_address: victim.address },
      { kind: 'multisig', user_address: victim.address },
    ]);
    expect((await walletOf(victim, 'get-maker-wallet')).id).toBe(created.id);

    // The owner, signed in with that address (it proves the key), may move the hint.
    const asOther = {
      ...victim,
      address: otherAddress,
      script: scriptOfAddress(otherAddress, 'regtest'),
    };
    const ownerToken = await signIn(t, asOther);
    const moved = await api(t, 'POST', '/api/multisig/get-maker-wallet', overwrite, ownerToken);
    expect(moved.status).toBe(200);
    expect(moved.body.payload).toMatchObject({ id: created.id, userAddress: otherAddress });
  });

  it('refuses bad keys and addresses with the field named', async () => {
    const user = newWallet('p2wpkh');
    const taproot = newWallet('p2tr');
    const cases: [object, string][] = [
      [{}, 'userPublicKey is required'],
      [
        { userPublicKey: taproot.publicKey, userAddress: taproot.address },
        'userPublicKey must be a 33-byte compressed public key in hex',
      ],
      [
        { userPublicKey: user.publicKey, userAddress: newWallet('p2wpkh').address },
        'userPublicKey: does not belong to userAddress',
      ],
      [
        {
          userPublicKey: user.publicKey,
          userAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        },
        'userAddress: not a valid regtest address',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await api(t, 'POST', '/api/multisig/get-wallet', body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.errors)).toContain(message);
    }
    const unknown = await api(
      t,
      'GET',
      `/api/multisig/utxos/${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}`,
    );
    expect(unknown.status).toBe(404);
  });

  it('sets up padding outputs that the platform co-signs and Bitcoin Core accepts', async () => {
    const { user, wallet } = await fundedUser(1, 100_000n);
    const body = {
      multiSigAddress: wallet.address,
      userPublicKey: user.publicKey,
      witnessScript: wallet.witnessScript,
      numberOfOutputs: 3,
      feeRate: FEE_RATE,
    };
    const wrongScript = await api(t, 'POST', '/api/multisig/setup-padding', {
      ...body,
      witnessScript: '00',
    });
    expect(wrongScript.status).toBe(400);
    expect(wrongScript.body.error).toBe('witnessScript: not the witness script of this wallet');
    const tooMany = await api(t, 'POST', '/api/multisig/setup-padding', {
      ...body,
      numberOfOutputs: 11,
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe('numberOfOutputs must be at most 10');

    const res = await api(t, 'POST', '/api/multisig/setup-padding', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const built = BuiltPsbtPayloadSchema.parse(res.body.payload);
    expect(built.inputsToSign).toEqual([{ index: 0, address: user.address }]);

    // Unsigned, or signed for a different output count: refused, nothing broadcast.
    const unsigned = await api(t, 'POST', '/api/multisig/confirm-padding', {
      multiSigAddress: wallet.address,
      numberOfOutputs: 3,
      signedPsbt: built.psbt,
    });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.error).toMatch(/^signedPsbt leaves an input unsigned/);
    const signedPsbt = signAll(built.psbt, user, built.inputsToSign);
    const wrongCount = await api(t, 'POST', '/api/multisig/confirm-padding', {
      multiSigAddress: wallet.address,
      numberOfOutputs: 4,
      signedPsbt,
    });
    expect(wrongCount.status).toBe(400);

    const confirm = { multiSigAddress: wallet.address, numberOfOutputs: 3, signedPsbt };
    const done = await api(t, 'POST', '/api/multisig/confirm-padding', confirm);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.payload.txId).toBe(built.txid);
    expect(await inMempool(node, built.txid)).toBe(true);
    const again = await api(t, 'POST', '/api/multisig/confirm-padding', confirm);
    expect(again.status).toBe(409);

    await mineAndSync(node, t);
    const after = await utxosOf(wallet.id);
    expect(after.paddingCount).toBe(3);
    expect(after.utxos.filter((u) => u.value === '1000')).toHaveLength(3);
    expect(BigInt(after.availableBalance)).toBe(100_000n - BigInt(built.fee));
  });

  it('withdraws exactly the amount, refusing more than the balance', async () => {
    const { user, wallet } = await fundedUser(2, 30_000n);
    const recipient = newWallet('p2tr');
    const ask = (amountSats: number) =>
      api(t, 'POST', '/api/multisig/withdrawal', {
        userPublicKey: user.publicKey,
        recipientAddress: recipient.address,
        amountSats,
        feeRate: FEE_RATE,
      });
    const above = await ask(60_001);
    expect(above.status).toBe(400);
    expect(above.body.error).toBe('Withdrawal amount exceeds available balance');
    const withFee = await ask(60_000);
    expect(withFee.status).toBe(400);
    expect(withFee.body.error).toBe('Withdrawal amount exceeds available balance');
    const tiny = await ask(999);
    expect(tiny.status).toBe(400);
    expect(tiny.body.error).toBe('Please enter amount greater than or equal to 0.00001000 BTC.');

    const res = await ask(45_000);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const built = BuiltPsbtPayloadSchema.parse(res.body.payload);
    expect(res.body.payload.availableBalance).toBe('60000');

    // A PSBT whose outputs were changed after building is refused.
    const tampered = parsePsbt(built.psbt);
    tampered.updateOutput(0, { amount: 59_000n });
    const forged = bytesToBase64(signPsbtWithKey(tampered.toPSBT(), user.key));
    const refused = await api(t, 'POST', '/api/multisig/withdrawal/confirm', {
      userPublicKey: user.publicKey,
      userSignedPsbtBase64: forged,
    });
    expect(refused.status).toBe(400);

    const done = await api(t, 'POST', '/api/multisig/withdrawal/confirm', {
      userPublicKey: user.publicKey,
      userSignedPsbtBase64: signAll(built.psbt, user, built.inputsToSign),
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    await mineAndSync(node, t);
    expect(await paidTo(node, done.body.payload.txId, recipient.address)).toBe(45_000n);
    const after = await utxosOf(wallet.address);
    expect(BigInt(after.availableBalance)).toBe(60_000n - 45_000n - BigInt(built.fee));

    // Mined, its owner hears it once (product.md#spec-gaps): the claims worker finds the claim
    // final. It leaves claims younger than its grace period to their request, so this one is aged.
    const txId = done.body.payload.txId as string;
    await sql`update claimed_transactions set created_at = now() - interval '1 minute'
      where ref = ${built.txid}`.execute(t.db.kysely);
    await resumeClaims(t.deps);
    await resumeClaims(t.deps);
    const notes = await t.db.kysely
      .selectFrom('notifications')
      .select(['address', 'type', 'title', 'body', 'payload'])
      .where('dedupe_key', '=', `withdrawal:${built.txid}`)
      .orderBy('address')
      .execute();
    const payload = { txid: txId, amountSats: '45000', link: `/tx/${txId}` };
    expect(notes).toEqual(
      [user.address, recipient.address].sort().map((address) => ({
        address,
        type: 'withdrawal_confirmed',
        title: 'Your withdrawal is confirmed',
        body: '0.00045000 BTC left your multisig wallet; the transaction is mined.',
        payload,
      })),
    );
  });

  it('deposits from the payment wallet split into several coins', async () => {
    const user = newWallet('p2wpkh');
    const wallet = await walletOf(user);
    await node.faucet.fund(user.address, 200_000n);
    await mineAndSync(node, t);
    const ask = (amountSats: number, numberOfOutputs: number) =>
      api(t, 'POST', '/api/multisig/deposit', {
        userPublicKey: user.publicKey,
        paymentAddress: user.address,
        paymentPublicKey: user.publicKey,
        amountSats,
        numberOfOutputs,
        feeRate: FEE_RATE,
      });
    const small = await ask(39_999, 4);
    expect(small.status).toBe(400);
    expect(small.body.error).toBe('Please enter amount greater than or equal to 0.00040000 BTC.');
    const res = await ask(80_000, 8);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const built = BuiltPsbtPayloadSchema.parse(res.body.payload);
    const done = await api(t, 'POST', '/api/multisig/deposit/confirm', {
      signedPsbt: signAll(built.psbt, user, built.inputsToSign),
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    await mineAndSync(node, t);
    const after = await utxosOf(wallet.id);
    expect(after.utxos.map((u) => u.value)).toEqual(Array.from({ length: 8 }, () => '10000'));
    expect(after.availableBalance).toBe('80000');
  });

  it('lets the user alone spend after 144 blocks, without the platform', async () => {
    const { user, wallet } = await fundedUser(1, 50_000n);
    const { utxos } = await utxosOf(wallet.id);
    const recipient = newWallet('p2wpkh');
    const bitcoinWallet = multisigWallet(
      hexToBytes(user.publicKey),
      hexToBytes(wallet.platformPublicKey),
      'regtest',
    );
    // What the recovery page does in the browser: the wallet's coins, the user's key, no server.
    const recovery = buildRecoveryPsbt({
      wallet: bitcoinWallet,
      utxos: utxos.map((u) => ({
        txid: u.txid,
        vout: u.vout,
        value: BigInt(u.value),
        script: scriptOfAddress(wallet.address, 'regtest'),
        inscribed: false,
      })),
      recipientAddress: recipient.address,
      feeRate: FEE_RATE,
      network: 'regtest',
    });
    const final = finalizeRecovery(signPsbtWithKey(recovery.psbt, user.key), bitcoinWallet);
    const early = await node.node.rpc.testMempoolAccept([final.hex]);
    expect(early[0]?.['reject-reason']).toBe('non-BIP68-final');

    await mineAndSync(node, t, 143);
    const accepted = await node.node.rpc.testMempoolAccept([final.hex]);
    expect(accepted[0]?.allowed, JSON.stringify(accepted)).toBe(true);
    await node.node.rpc.sendRawTransaction(final.hex);
    await mineAndSync(node, t);
    expect(await paidTo(node, final.txid, recipient.address)).toBe(50_000n - final.fee);
  });
});
