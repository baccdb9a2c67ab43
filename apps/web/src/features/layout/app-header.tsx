import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MenuIcon, PanelIcon } from '../../components/ui/icons.tsx';
import { chainQueries } from '../chain/chain.queries.ts';
import { useAppConfig } from '../config/config.queries.ts';
import { NotificationBell } from '../notifications/notification-bell.tsx';
import { swapPath } from '../swap/swap-link.tsx';
import { WalletButton } from '../wallet/wallet-button.tsx';
import { MyXpStat, PendingRewardsStat, ProductTokenBalanceStat } from './header-stats.tsx';
import { PayoutProgress } from './payout-progress.tsx';
import { useSidebar } from './sidebar-context.ts';

/** Pending rewards render their placeholder until the mining feature feeds them. */
export function AppHeader() {
  const { open, openMobile, isMobile, toggle } = useSidebar();
  const Toggle = isMobile ? MenuIcon : PanelIcon;
  const tipHeight = useQuery(chainQueries.tipHeight()).data;

  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-zinc-800/80 bg-zinc-950/85 px-3 backdrop-blur md:px-5">
      <button
        type="button"
        onClick={toggle}
        aria-label="Toggle sidebar"
        aria-expanded={isMobile ? openMobile : open}
        aria-keyshortcuts="Control+B Meta+B"
        title="Toggle sidebar (Ctrl+B)"
        className="rounded-lg p-1.5 text-zinc-400 hover:bg-zinc-800 hover:text-zinc-100"
      >
        <Toggle />
      </button>
      <div className="ml-auto flex items-center gap-5">
        <div className="hidden items-center gap-5 lg:flex" aria-label="Your rewards" role="group">
          <MyXpStat />
          <ProductTokenBalanceStat />
          <PendingRewardsStat />
          <PayoutProgress blockHeight={tipHeight} />
        </div>
        <BuyProductLink />
        <NotificationBell />
        <WalletButton />
      </div>
    </header>
  );
}

/** Spec 001 §1 "a Buy {product} action": the swap page on BTC → the utility token (issue 15). */
function BuyProductLink() {
  const ticker = useAppConfig()?.productTicker ?? '';
  if (!ticker) return null;
  return (
    <Link
      to={swapPath(ticker)}
      className="hidden h-9 items-center rounded-lg border border-brand-500/40 px-3 text-sm font-medium text-brand-400 hover:bg-brand-500/10 sm:inline-flex"
    >
      Buy {ticker}
    </Link>
  );
}
