import { satsToBtc } from '@om/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buyer } from '../../test/mint-test-fixtures.ts';
import { callsTo, fakeWallet } from '../../test/trade-test-kit.tsx';
import { buyPsbt, poolsInfo, PRELUDE_FEE, psbtAnswer, txSize } from './swap-test-fixtures.ts';
import { GET_PSBT, POOLS_INFO, renderSwap, swapOk, swapServer, TX_SIZE } from './swap-test-kit.tsx';

// The pool's ladder on the swap page (ADR 017): the amounts it has ready as transfer
// inscriptions are offered under 'You receive'; one picked is asked for exactly; the review names
// the commit and reveal fees the buyer pays as the rung's restocking.

const built = buyPsbt();
const LADDER = [
  { amount: '100', ready: 2 },
  { amount: '1000', ready: 0 },
];

describe('/swap: the ladder', () => {
  it('offers the ready amounts of a buy and asks for exactly the one picked', async () => {
    const calls = swapServer({
      [POOLS_INFO]: (body) =>
        swapOk(
          (body as { send_tick: string }).send_tick === 'btc'
            ? poolsInfo({ ladder: LADDER })
            : poolsInfo({}, true),
        ),
    });
    renderSwap('/swap?send=btc&receive=omkt', fakeWallet(buyer));
    const picks = await screen.findByText('Ready in one transaction:');
    const buttons = within(picks.parentElement!).getAllByRole('button');
    // 1,000 has no rung ready: not offered.
    expect(buttons.map((b) => b.textContent)).toEqual(['100 omkt']);
    await userEvent.click(buttons[0]!);
    expect((screen.getByLabelText('You receive') as HTMLInputElement).value).toBe('100');
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/brc20swap/get_swap_psbt_txsize').at(-1)?.body).toMatchObject({
        exact_side: 'receive',
        receive_amount: '100',
      }),
    );
  });

  it('is not offered for a sale', async () => {
    swapServer({ [POOLS_INFO]: swapOk(poolsInfo({ ladder: LADDER }, true)) });
    renderSwap('/swap?send=omkt&receive=btc', fakeWallet(buyer));
    await screen.findByLabelText('Quote');
    expect(screen.queryByText('Ready in one transaction:')).toBeNull();
  });

  it("names the fees of a buy off the ladder as the rung's restocking", async () => {
    swapServer({
      [TX_SIZE]: swapOk(
        txSize({ tx_size: built.vsize, network_fee: satsToBtc(built.fee + PRELUDE_FEE) }),
      ),
      [GET_PSBT]: swapOk(
        psbtAnswer(built, 'buy', {
          transfer: 'ladder',
          network_fee: satsToBtc(built.fee + PRELUDE_FEE),
        }),
      ),
    });
    renderSwap('/swap?send=btc&receive=omkt', fakeWallet(buyer));
    const input = await screen.findByLabelText('You send');
    await userEvent.type(input, '0.001');
    await userEvent.click(screen.getByRole('button', { name: 'Swap' }));
    const review = await screen.findByRole('region', { name: 'Swap review' });
    const row = within(review).getByText(
      "Restocking the pool's ready transfer (its commit and reveal fees)",
    );
    expect(row.nextElementSibling?.textContent).toContain(satsToBtc(PRELUDE_FEE));
    expect(within(review).queryByText(/Inscribing your tokens/)).toBeNull();
  });
});
