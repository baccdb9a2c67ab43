import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeWallet, ok } from '../../test/trade-test-kit.tsx';
import { AuctionFormatStep } from './auction-format-step.tsx';
import {
  AUCTION_DETAILS_PATH,
  AUCTION_INSCRIPTION,
  AUCTION_UTXO,
  auctionInscriptionDetails,
} from './auction-test-fixtures.ts';
import { CREATOR, fakeApi, renderStep, type Call } from '../../test/wizard-test-kit.tsx';

// Auction Format, the inscription to auction (product.md#validation "Auction", inscription).

let user: ReturnType<typeof userEvent.setup>;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
});
afterEach(() => vi.useRealTimers());

const field = () => screen.getByLabelText('Inscription ID');
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const lookups = (calls: Call[]) => calls.filter((c) => `GET ${c.path}` === AUCTION_DETAILS_PATH);
const errorOf = () => {
  const described = field().getAttribute('aria-describedby');
  return described ? document.getElementById(described)?.textContent : undefined;
};

async function enter(id: string) {
  await user.click(field());
  await user.paste(id);
  await user.tab();
}

describe('AuctionFormatStep', () => {
  it('finds the inscription in the wallet, previews it and keeps its utxo', async () => {
    const calls = fakeApi({
      [AUCTION_DETAILS_PATH]: ok(auctionInscriptionDetails(CREATOR.ordinalsAddress)),
    });
    const { report } = renderStep(AuctionFormatStep, fakeWallet(CREATOR));
    await enter(AUCTION_INSCRIPTION);
    await wait(400);
    expect(lookups(calls)).toEqual([]);
    await wait(100);
    const found = await screen.findByText(/This inscription is in your wallet, on output/);
    expect(found.textContent).toBe(
      `This inscription is in your wallet, on output ${AUCTION_UTXO}.`,
    );
    expect(lookups(calls)).toHaveLength(1);
    const preview = screen.getByRole('figure', { name: 'Inscription content' });
    expect(within(preview).getByRole('img').getAttribute('src')).toBe(
      `/content/${AUCTION_INSCRIPTION}`,
    );
    await waitFor(() => expect(report.isValid).toBe(true));
    expect(report.draft.auction).toMatchObject({
      inscriptionId: AUCTION_INSCRIPTION,
      utxo: AUCTION_UTXO,
    });
  });

  it("says 'Invalid inscription ID format.' without asking the indexer", async () => {
    const calls = fakeApi({});
    const { report } = renderStep(AuctionFormatStep, fakeWallet(CREATOR));
    await enter(`${AUCTION_INSCRIPTION.toUpperCase()}`);
    await wait(500);
    expect(errorOf()).toBe('Invalid inscription ID format.');
    expect(calls).toEqual([]);
    expect(report.isValid).toBe(false);
  });

  it('warns with a banner when another wallet holds the inscription', async () => {
    fakeApi({ [AUCTION_DETAILS_PATH]: ok(auctionInscriptionDetails('bcrt1qsomeoneelse')) });
    const { report } = renderStep(AuctionFormatStep, fakeWallet(CREATOR));
    await enter(AUCTION_INSCRIPTION);
    await wait(500);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This inscription is not available in the connected wallet.',
    );
    expect(errorOf()).toBe('Inscription does not belongs to connected wallet');
    expect(report.isValid).toBe(false);
    expect(report.draft.auction.utxo).toBe('');
  });

  it.each([
    [
      'the indexer does not know it',
      failure(404, 'Inscription not found'),
      "Inscription ID is either not valid or it doesn't belongs to connected wallet",
    ],
    [
      'it sits on the payment address',
      ok(auctionInscriptionDetails(CREATOR.paymentAddress)),
      'This inscription is on your payment address: send it to your ordinals address to auction it.',
    ],
    [
      'it is moving',
      ok({ ...auctionInscriptionDetails(CREATOR.ordinalsAddress), isMoving: true }),
      'This inscription is moving in an unconfirmed transaction: try again once it confirms.',
    ],
  ])('refuses the inscription when %s', async (_case, answer, message) => {
    fakeApi({ [AUCTION_DETAILS_PATH]: answer });
    const { report } = renderStep(AuctionFormatStep, fakeWallet(CREATOR));
    await enter(AUCTION_INSCRIPTION);
    await wait(500);
    await waitFor(() => expect(errorOf()).toBe(message));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(report.isValid).toBe(false);
  });

  it('needs a connected wallet to check the inscription', async () => {
    const calls = fakeApi({});
    renderStep(AuctionFormatStep, fakeWallet(null));
    await enter(AUCTION_INSCRIPTION);
    await wait(500);
    expect(screen.getByText('Please connect your wallet.')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
