import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, fakeWallet, ok, renderWithWallet } from '../../test/trade-test-kit.tsx';
import { SELLER, SELLER_PAYMENT } from '../../test/trade-test-fixtures.ts';
import {
  MyXpStat,
  PendingRewardsStat,
  PLACEHOLDER,
  TokenBalanceStat,
  XpStat,
} from './header-stats.tsx';
import { PayoutProgress } from './payout-progress.tsx';

describe('header stats', () => {
  it('show a placeholder until a feature feeds them', () => {
    render(
      <>
        <XpStat />
        <TokenBalanceStat ticker="OMKT" />
        <PendingRewardsStat />
      </>,
    );
    expect(screen.getAllByText(PLACEHOLDER)).toHaveLength(3);
  });

  it('format real values', () => {
    render(
      <>
        <XpStat xp={123_456} />
        <TokenBalanceStat ticker="OMKT" balance="1,000" />
        <PendingRewardsStat sats={12_345n} />
      </>,
    );
    expect(screen.getByText('123.45K')).toBeTruthy();
    expect(screen.getByText('1,000')).toBeTruthy();
    expect(screen.getByText('0.00012345 BTC')).toBeTruthy();
  });
});

describe('MyXpStat', () => {
  it("shows the XP its ordinals address earned (ADR 020), abbreviated; '—' without a wallet", async () => {
    fakeServer({
      [`GET /api/rewards/xp/${SELLER.address}`]: ok({ address: SELLER.address, xp: '123456' }),
    });
    const account = {
      id: 'dev' as const,
      paymentAddress: SELLER_PAYMENT.address,
      paymentPublicKey: SELLER_PAYMENT.publicKeyHex,
      ordinalsAddress: SELLER.address,
      ordinalsPublicKey: SELLER.publicKeyHex,
    };
    renderWithWallet(<MyXpStat />, fakeWallet(account));
    expect(await screen.findByText('123.45K')).toBeTruthy();
  });

  it('shows the placeholder without a wallet, asking nothing', () => {
    const calls = fakeServer({});
    renderWithWallet(<MyXpStat />, fakeWallet(null));
    expect(screen.getByText(PLACEHOLDER)).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe('PayoutProgress', () => {
  it('has six markers and no value while unknown', () => {
    const { container } = render(<PayoutProgress />);
    const bar = screen.getByRole('progressbar', { name: 'Payout progress' });
    expect(bar.getAttribute('aria-valuenow')).toBeNull();
    expect(bar.getAttribute('aria-valuemax')).toBe('144');
    expect(container.querySelectorAll('[data-marker]')).toHaveLength(6);
  });

  it('shows the position of the block in the 144-block cycle', () => {
    render(<PayoutProgress blockHeight={144 * 10 + 36} />);
    const bar = screen.getByRole('progressbar', { name: 'Payout progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('36');
    expect(screen.getByText('36/144')).toBeTruthy();
  });
});
