import { describe, expect, it } from 'vitest';
import { BRC20_MAX_AMOUNT } from '@om/core';
import { BRC20_ACTIVATION } from './brc20-activation.ts';
import { brc20EventString } from './brc20-event-hash.ts';
import { applyBrc20Block } from './brc20-rules.ts';
import { BRC20_PROG_PKSCRIPT } from './brc20-transfer.ts';
import type { Brc20State, Brc20Ticker, Brc20Transfer } from './brc20.types.ts';

const E18 = 10n ** 18n;
const ALICE = '5120' + '11'.repeat(32);
const BOB = '5120' + '22'.repeat(32);
const regtest = { height: 10, activation: BRC20_ACTIVATION.regtest };

const ordi: Brc20Ticker = {
  tick: 'ordi',
  originalTick: 'ORDI',
  maxSupply: 1000n * E18,
  limitPerMint: 100n * E18,
  decimals: 18,
  mintedSupply: 300n * E18,
  burnedSupply: 0n,
  selfMint: false,
  deployInscriptionId: 'deployi0',
  deployHeight: 1,
  deployerPkscript: ALICE,
};

/** alice holds 300 ordi, 50 of it locked in transfer inscription t0. */
function state(): Brc20State {
  return {
    tickers: new Map([['ordi', ordi]]),
    balances: new Map([[`${ALICE};ordi`, { overall: 300n * E18, available: 250n * E18 }]]),
    transferables: new Map([
      [
        't0i0',
        {
          inscriptionId: 't0i0',
          tick: 'ordi',
          originalTick: 'Ordi',
          amount: 50n * E18,
          sourcePkscript: ALICE,
        },
      ],
    ]),
  };
}

const inscribe = (
  id: string,
  content: object,
  over: Partial<Brc20Transfer> = {},
): Brc20Transfer => ({
  inscriptionId: id,
  kind: 'inscribe',
  sentAsFee: false,
  pkscript: ALICE,
  content: { p: 'brc-20', ...content },
  parent: null,
  ...over,
});
const move = (id: string, pkscript: string, sentAsFee = false): Brc20Transfer => ({
  inscriptionId: id,
  kind: 'move',
  sentAsFee,
  pkscript,
});

describe('applyBrc20Block', () => {
  it('leaves the input state untouched and answers net deltas', () => {
    const s = state();
    const before = structuredClone(s);
    const r = applyBrc20Block(
      s,
      [
        inscribe('m1i0', { op: 'mint', tick: 'ordi', amt: '100' }, { pkscript: BOB }),
        inscribe('t1i0', { op: 'transfer', tick: 'ordi', amt: '60' }, { pkscript: BOB }),
        move('t1i0', ALICE),
      ],
      regtest,
    );
    expect(s).toEqual(before);
    expect(r.balanceDeltas).toEqual(
      new Map([
        [`${BOB};ordi`, { overall: 40n * E18, available: 40n * E18 }],
        [`${ALICE};ordi`, { overall: 60n * E18, available: 60n * E18 }],
      ]),
    );
    expect(r.tickers.get('ordi')!.mintedSupply).toBe(400n * E18);
    expect(r.newTransferables.map((t) => t.inscriptionId)).toEqual(['t1i0']);
    expect(r.usedTransferables).toEqual(['t1i0']);
  });

  it('locks a transfer inscription out of the available balance only', () => {
    const r = applyBrc20Block(
      state(),
      [inscribe('t1i0', { op: 'transfer', tick: 'ORDI', amt: '250' })],
      regtest,
    );
    expect(r.balanceDeltas.get(`${ALICE};ordi`)).toEqual({ overall: 0n, available: -250n * E18 });
    expect(r.newTransferables).toEqual([
      {
        inscriptionId: 't1i0',
        tick: 'ordi',
        originalTick: 'ORDI',
        amount: 250n * E18,
        sourcePkscript: ALICE,
      },
    ]);
  });

  it('refuses a transfer inscription over the available balance (locked amounts excluded)', () => {
    const r = applyBrc20Block(
      state(),
      [inscribe('t1i0', { op: 'transfer', tick: 'ordi', amt: '250.000000000000000001' })],
      regtest,
    );
    expect(r.events).toEqual([]);
    expect(r.newTransferables).toEqual([]);
  });

  it("prints the moved inscription's own casing and burns on a bare OP_RETURN", () => {
    const r = applyBrc20Block(state(), [move('t0i0', '6a')], regtest);
    expect(r.events.map(brc20EventString)).toEqual([
      `transfer-transfer;t0i0;${ALICE};6a;ordi;Ordi;50.000000000000000000`,
    ]);
    expect(r.balanceDeltas.get(`${ALICE};ordi`)).toEqual({ overall: -50n * E18, available: 0n });
    expect(r.tickers.get('ordi')!.burnedSupply).toBe(50n * E18);
    expect(r.balanceDeltas.has('6a;ordi')).toBe(false);
  });

  it('burns on OP_RETURN "BRC20PROG" too, the programmable module being disabled', () => {
    const r = applyBrc20Block(state(), [move('t0i0', BRC20_PROG_PKSCRIPT)], regtest);
    expect(r.tickers.get('ordi')!.burnedSupply).toBe(50n * E18);
  });

  it("returns a transfer sent as fee to the source's available balance", () => {
    const r = applyBrc20Block(state(), [move('t0i0', '', true)], regtest);
    expect(r.events[0]!.spentPkscript).toBe('');
    expect(r.balanceDeltas.get(`${ALICE};ordi`)).toEqual({ overall: 0n, available: 50n * E18 });
    expect(r.usedTransferables).toEqual(['t0i0']);
  });

  it('counts only the first move of a transfer inscription', () => {
    const r = applyBrc20Block(state(), [move('t0i0', BOB), move('t0i0', ALICE)], regtest);
    expect(r.events).toHaveLength(1);
    expect(r.balanceDeltas.get(`${BOB};ordi`)).toEqual({
      overall: 50n * E18,
      available: 50n * E18,
    });
  });

  it('ignores a transfer inscription inscribed straight to the fees', () => {
    const r = applyBrc20Block(
      state(),
      [
        inscribe(
          't1i0',
          { op: 'transfer', tick: 'ordi', amt: '1' },
          { sentAsFee: true, pkscript: '' },
        ),
      ],
      regtest,
    );
    expect(r.events).toEqual([]);
  });

  it('deploys and mints nothing on a move, and nothing from a non-transfer moved', () => {
    const r = applyBrc20Block(
      state(),
      [
        move('deployi0', BOB),
        { ...inscribe('x', { op: 'deploy', tick: 'abcd', max: '1' }), kind: 'move' },
      ],
      regtest,
    );
    expect(r.events).toEqual([]);
    expect(r.tickers.size).toBe(0);
  });

  it('does nothing below the first BRC-20 height, and refuses 5-byte deploys before self-mint', () => {
    const deploy = inscribe('d1i0', { op: 'deploy', tick: 'abcd', max: '1' });
    const self = inscribe('d2i0', { op: 'deploy', tick: 'abcde', max: '1', self_mint: 'true' });
    const mainnet = BRC20_ACTIVATION.mainnet;
    expect(
      applyBrc20Block(state(), [deploy], { height: 779_831, activation: mainnet }).events,
    ).toEqual([]);
    expect(
      applyBrc20Block(state(), [deploy, self], { height: 837_089, activation: mainnet }).events,
    ).toHaveLength(1);
    expect(
      applyBrc20Block(state(), [deploy, self], { height: 837_090, activation: mainnet }).events,
    ).toHaveLength(2);
  });

  it('makes an unlimited self-mint ticker, minted only under its deploy', () => {
    const r = applyBrc20Block(
      { tickers: new Map(), balances: new Map(), transferables: new Map() },
      [
        inscribe('d1i0', { op: 'deploy', tick: 'SeLfM', max: '0', self_mint: 'true' }),
        inscribe('m1i0', { op: 'mint', tick: 'selfm', amt: '7' }, { parent: 'd1i0' }),
        inscribe('m2i0', { op: 'mint', tick: 'selfm', amt: '7' }),
      ],
      regtest,
    );
    const ticker = r.tickers.get('selfm')!;
    expect(ticker).toMatchObject({
      originalTick: 'SeLfM',
      maxSupply: BRC20_MAX_AMOUNT,
      limitPerMint: BRC20_MAX_AMOUNT,
      selfMint: true,
      mintedSupply: 7n * E18,
    });
    expect(r.events.map((e) => e.inscriptionId)).toEqual(['d1i0', 'm1i0']);
  });

  it('clips a mint to the remaining supply and then refuses the next', () => {
    const s = state();
    s.tickers.set('ordi', { ...ordi, mintedSupply: 950n * E18 });
    const r = applyBrc20Block(
      s,
      [
        inscribe('m1i0', { op: 'mint', tick: 'ordi', amt: '100' }),
        inscribe('m2i0', { op: 'mint', tick: 'ordi', amt: '1' }),
      ],
      regtest,
    );
    expect(r.events.map((e) => e.amount)).toEqual([50n * E18]);
    expect(r.tickers.get('ordi')!.mintedSupply).toBe(1000n * E18);
  });
});
