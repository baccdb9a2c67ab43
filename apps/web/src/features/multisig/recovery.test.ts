import { bytesToHex } from '@om/bitcoin';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT,
  coin,
  devSigningWallet,
  INSCRIPTION_ID,
  listedCoin,
  MAKER,
  MULTISIG,
  NETWORK,
  session,
} from '../../test/multisig-test-fixtures.ts';
import { finalizeRecoveryPsbt, planRecovery } from './recovery.ts';
import { recoveryStatus } from './recovery-coins.tsx';

const confirmed = listedCoin(coin(0x31, 50_000n, MULTISIG.script), { recoverableAt: 244 });
const later = listedCoin(coin(0x32, 20_000n, MULTISIG.script), { recoverableAt: 260 });
const unconfirmed = listedCoin(coin(0x33, 9_000n, MULTISIG.script), {
  blockHeight: null,
  confirmations: 0,
  recoverableAt: null,
});

function plan(utxos = [confirmed, later, unconfirmed], kind: 'multisig' | 'maker' = 'multisig') {
  return planRecovery({
    target: session(kind).target,
    utxos,
    recipientAddress: ACCOUNT.paymentAddress,
    feeRate: 2,
    network: NETWORK,
    paymentAddress: ACCOUNT.paymentAddress,
  });
}

describe('planRecovery', () => {
  it('spends every confirmed coin to the recipient, valid from the last coin’s height', () => {
    const recovery = plan();
    expect(recovery.review.problems).toEqual([]);
    expect(recovery.review.inputs.map((i) => i.outpoint)).toEqual([
      `${confirmed.txid}:0`,
      `${later.txid}:0`,
    ]);
    expect(recovery.review.outputs.map((o) => [o.address, o.owner])).toEqual([
      [ACCOUNT.paymentAddress, 'recipient'],
    ]);
    expect(recovery.inputsToSign).toEqual([
      { index: 0, address: ACCOUNT.paymentAddress },
      { index: 1, address: ACCOUNT.paymentAddress },
    ]);
    expect(recovery.validFrom).toBe(260);
  });

  it('is signed by the Dev wallet and finalized with the user key alone', async () => {
    const recovery = plan();
    const wallet = await devSigningWallet();
    const signed = await wallet.signPsbt({
      psbtBase64: recovery.psbt,
      inputsToSign: recovery.inputsToSign,
      finalize: false,
    });
    const final = finalizeRecoveryPsbt(signed, session().target);
    // Each witness is [<empty>, sigU (71 or 72 bytes), script (77 bytes)]: no platform signature.
    const script = bytesToHex(MULTISIG.witnessScript);
    const witness = new RegExp(`0300(?:47[0-9a-f]{142}|48[0-9a-f]{144})4d${script}`, 'g');
    expect(final.hex.match(witness)).toHaveLength(2);
    expect(final.fee).toBe(recovery.review.fee);
  });

  it.each([
    ['no confirmed coin', [unconfirmed], 'The wallet has no confirmed coins to recover.'],
    [
      'only inscriptions, nothing to pay the fee',
      [listedCoin(coin(0x41, 10_000n, MAKER.script), { inscriptions: [INSCRIPTION_ID] })],
      /cannot pay the \d+-sat fee/,
    ],
  ])('says why not with %s', (_, utxos, message) => {
    const kind = utxos[0]?.txid.startsWith('41') ? 'maker' : 'multisig';
    expect(() => plan(utxos, kind)).toThrow(message);
  });
});

describe('recoveryStatus', () => {
  it.each([
    { coin: unconfirmed, tip: 300, text: 'Unconfirmed: 144 blocks count from its block' },
    { coin: confirmed, tip: 243, text: 'Recoverable now (from block 244)' },
    { coin: confirmed, tip: 242, text: 'From block 244, in 1 block' },
    { coin: confirmed, tip: 200, text: 'From block 244, in 43 blocks' },
  ])("at tip $tip: '$text'", ({ coin, tip, text }) => {
    expect(recoveryStatus(coin, tip)).toBe(text);
  });
});
