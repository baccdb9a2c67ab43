import type { Brc20BalanceRow } from '@om/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductTokenBalanceStat } from '../rewards/header-stats.tsx';
import { buyer } from '../../test/mint-test-fixtures.ts';
import { BUYER_ORDINALS } from '../../test/trade-test-fixtures.ts';
import { fakeServer, fakeWallet, ok, renderWithWallet } from '../../test/trade-test-kit.tsx';
import { chainEventHandlers } from '../chain/use-chain-events.ts';

// The header's token balance: the product ticker (testConfig: 'omkt') of the ordinals address.

const BALANCES = `GET /api/brc20/balances/${BUYER_ORDINALS.address}`;
const row = (overall: string, tick = 'omkt'): Brc20BalanceRow => ({
  tick,
  originalTick: tick.toUpperCase(),
  decimals: 18,
  overall: `${overall}.000000000000000000`,
  available: `${overall}.000000000000000000`,
  transferable: '0.000000000000000000',
  pendingTransferable: '0.000000000000000000',
});
const stat = () => screen.getByText(/^(OMKT|omkt)$/).nextElementSibling?.textContent;

describe("the header's token balance", () => {
  it("shows the overall balance of the product ticker and follows the 'brc20' event (a BRC-20 pass)", async () => {
    let overall = '1500';
    fakeServer({
      [BALANCES]: () =>
        ok({ address: BUYER_ORDINALS.address, balances: [row('9', 'ordi'), row(overall)] }),
    });
    const { queryClient } = renderWithWallet(<ProductTokenBalanceStat />, fakeWallet(buyer));
    await waitFor(() => expect(stat()).toBe('1,500'));
    overall = '2500';
    // What use-chain-events does on a 'block': the header keeps its token balance (those rows
    // are not written yet) until the 'brc20' event after it.
    const events = chainEventHandlers(queryClient);
    const block = { height: 8, hash: 'ab', inscriptionsCreated: 0, inscriptionsMoved: [] };
    events.block(new MessageEvent('block', { data: JSON.stringify(block) }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stat()).toBe('1,500');
    events.brc20(new MessageEvent('brc20', { data: '{"height":8}' }));
    await waitFor(() => expect(stat()).toBe('2,500'));
  });

  it.each([
    ['zero', [row('0')]],
    ['not deployed / never held', [row('9', 'ordi')]],
  ])("shows '—' when the balance is %s", async (_, balances) => {
    const calls = fakeServer({ [BALANCES]: ok({ address: BUYER_ORDINALS.address, balances }) });
    renderWithWallet(<ProductTokenBalanceStat />, fakeWallet(buyer));
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(screen.getByText('—')).toBeTruthy());
  });

  it("shows '—' without a wallet and asks nothing", () => {
    const calls = fakeServer({});
    renderWithWallet(<ProductTokenBalanceStat />, fakeWallet(null));
    expect(stat()).toBe('—');
    expect(calls).toEqual([]);
  });
});
