import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PendingRewardsStat, PLACEHOLDER, TokenBalanceStat, XpStat } from './header-stats.tsx';
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
