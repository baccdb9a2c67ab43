import { useQuery } from '@tanstack/react-query';
import { MenuIcon, PanelIcon } from '../../components/ui/icons.tsx';
import { chainQueries } from '../../shared/chain.queries.ts';
import { NotificationBell } from '../notifications/notification-bell.tsx';
import {
  MyPayoutProgress,
  MyPendingRewardsStat,
  PointsButton,
  StartMiningActions,
} from '../rewards/header-rewards.tsx';
import { WalletButton } from '../wallet/wallet-button.tsx';
import { ProductTokenBalanceStat } from '../rewards/header-stats.tsx';
import { useSidebar } from './sidebar-context.ts';

/** The rewards parts (XP as the points button, pending mining, the cycle) are features/rewards'. */
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
          <PointsButton />
          <ProductTokenBalanceStat />
          <MyPendingRewardsStat />
          <MyPayoutProgress {...(tipHeight === undefined ? {} : { tipHeight })} />
        </div>
        <StartMiningActions />
        <NotificationBell />
        <WalletButton />
      </div>
    </header>
  );
}
