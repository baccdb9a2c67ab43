import { drawCommitment, drawWinners, entriesHash } from '@om/bitcoin';
import type { Pool } from '@om/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, fakeWallet, ok } from '../../test/trade-test-kit.tsx';
import { PoolVerify } from './pool-verify.tsx';
import { pool, renderRewards } from './rewards-test-kit.tsx';

// A real draw, made with the library the server draws with (ADR 020).
const SEED = '5e'.repeat(32);
const BLOCK_HASH = '00'.repeat(4) + 'b7'.repeat(28);
const ENTRIES = [
  { address: 'bcrt1qalice', weight: '3' },
  { address: 'bcrt1qbob', weight: '1' },
  { address: 'bcrt1qcarol', weight: '5' },
  { address: 'bcrt1qdave', weight: '2' },
];
const drawEntries = ENTRIES.map((e) => ({ address: e.address, tickets: BigInt(e.weight) }));
const drawn = drawWinners({
  seedHex: SEED,
  blockHashHex: BLOCK_HASH,
  entries: drawEntries,
  winners: 2,
}).winners.map((i) => ENTRIES[i]!.address);
const loser = ENTRIES.find((e) => !drawn.includes(e.address))!.address;

function drawnPool(winners: string[], overrides: Partial<Pool> = {}): Pool {
  return pool({
    type: 'n-winners',
    winnerCount: 2,
    ticketPrice: '10',
    state: 'drawn',
    winners: winners.map((address) => ({
      address,
      rewardIndex: 0,
      amount: '50000',
      txid: null,
      broadcasting: false,
    })),
    commitment: { seedHash: drawCommitment(SEED), drawBlock: 200 },
    draw: {
      seed: SEED,
      blockHash: BLOCK_HASH,
      entriesHash: entriesHash(drawEntries),
      drawnAt: '2026-11-28T12:00:00.000Z',
    },
    ...overrides,
  });
}

async function verify(p: Pool) {
  fakeServer({ 'GET /api/rewards/pools/p1/entries': ok({ entries: ENTRIES }) });
  renderRewards(<PoolVerify pool={p} />, fakeWallet(null));
  await userEvent.click(screen.getByRole('button', { name: 'Recompute the draw' }));
  return (await screen.findByRole('status')).textContent;
}

describe('Verify this draw', () => {
  it('shows the commitment, the seed, the block hash and the entries hash', () => {
    const p = drawnPool(drawn);
    fakeServer({});
    renderRewards(<PoolVerify pool={p} />, fakeWallet(null));
    expect(screen.getByRole('heading', { name: 'Verify this draw' })).toBeTruthy();
    for (const value of [drawCommitment(SEED), SEED, BLOCK_HASH, p.draw!.entriesHash]) {
      expect(screen.getByText(value)).toBeTruthy();
    }
  });

  it('is absent before the draw', () => {
    fakeServer({});
    renderRewards(<PoolVerify pool={pool()} />, fakeWallet(null));
    expect(screen.queryByRole('heading', { name: 'Verify this draw' })).toBeNull();
  });

  it('recomputes the winners in the browser and says they match', async () => {
    expect(await verify(drawnPool(drawn))).toBe(
      'Verified: the seed matches its commitment, the entries match their hash and the winners match the draw.',
    );
  });

  it('says so when the stored winners are not the drawn ones', async () => {
    expect(await verify(drawnPool([drawn[0]!, loser]))).toBe(
      'Mismatch: the recomputed winners differ from the pool’s winners.',
    );
  });

  it('says so when the seed is not the committed one', async () => {
    const p = drawnPool(drawn, {
      commitment: { seedHash: drawCommitment('aa'.repeat(32)), drawBlock: 200 },
    });
    expect(await verify(p)).toBe('Mismatch: sha256(seed) does not match the published seed hash.');
  });
});
