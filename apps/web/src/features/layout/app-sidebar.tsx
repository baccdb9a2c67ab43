import type { ComponentType, SVGProps } from 'react';
import { NavLink } from 'react-router';
import { Dialog } from '../../components/ui/dialog.tsx';
import {
  CoinIcon,
  ExternalIcon,
  GavelIcon,
  GiftIcon,
  GridIcon,
  PenIcon,
  PlusSquareIcon,
  RocketIcon,
  ShieldCheckIcon,
  UserIcon,
} from '../../components/ui/icons.tsx';
import { useQuery } from '@tanstack/react-query';
import { useAppConfig } from '../../shared/config.queries.ts';
import { reviewQueries } from '../review/review.queries.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import { useSidebar } from './sidebar-context.ts';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

type NavItem =
  | { label: string; icon: Icon; to: string }
  | { label: string; icon: Icon; href: string | undefined };

/**
 * product.md#market-screens: Collections, Create (/launchpad), Rewards, Token and Inscribe
 * (external), with Launches and Auctions after Collections (product.md#walk-through-fixes item 4:
 * launches and auctions you can find). Token is the app's own /brc20 unless TOKEN_URL names an
 * external page. Artists (product.md#spec-gaps) follow Auctions; Review comes last, only for a
 * signed-in reviewer (ADR 019).
 */
function useNavItems(): NavItem[] {
  const config = useAppConfig();
  const { token } = useWallet();
  const isReviewer = useQuery(reviewQueries.me(token)).data?.isReviewer === true;
  return [
    { label: 'Collections', icon: GridIcon, to: '/collections' },
    { label: 'Launches', icon: RocketIcon, to: '/launches' },
    { label: 'Auctions', icon: GavelIcon, to: '/auctions' },
    { label: 'Artists', icon: UserIcon, to: '/artists' },
    { label: 'Create', icon: PlusSquareIcon, to: '/launchpad' },
    { label: 'Rewards', icon: GiftIcon, to: '/rewards' },
    // TOKEN_URL empty (the default): the token pages of this app.
    config && config.tokenUrl === ''
      ? { label: 'Token', icon: CoinIcon, to: '/brc20' }
      : { label: 'Token', icon: CoinIcon, href: config?.tokenUrl },
    { label: 'Inscribe', icon: PenIcon, href: config?.inscribeUrl },
    ...(isReviewer ? [{ label: 'Review', icon: ShieldCheckIcon, to: '/review' }] : []),
  ];
}

const ITEM =
  'flex h-9 items-center gap-3 rounded-lg px-2.5 text-zinc-400 transition-colors hover:bg-zinc-800/70 hover:text-zinc-100';

function SidebarNav({ expanded, onNavigate }: { expanded: boolean; onNavigate?: () => void }) {
  const items = useNavItems();
  const label = (text: string) => <span className={expanded ? 'truncate' : 'sr-only'}>{text}</span>;
  return (
    <nav aria-label="Main" className="flex flex-col gap-1 px-2">
      {items.map((item) =>
        'to' in item ? (
          <NavLink
            key={item.label}
            to={item.to}
            onClick={onNavigate}
            title={expanded ? undefined : item.label}
            className={({ isActive }) =>
              `${ITEM} ${isActive ? 'bg-zinc-800 text-zinc-50 [&>svg]:text-brand-500' : ''}`
            }
          >
            <item.icon className="shrink-0" />
            {label(item.label)}
          </NavLink>
        ) : (
          <a
            key={item.label}
            href={item.href ?? '#'}
            target="_blank"
            rel="noopener noreferrer"
            aria-disabled={item.href ? undefined : true}
            title={expanded ? undefined : item.label}
            className={`${ITEM} ${item.href ? '' : 'pointer-events-none opacity-50'}`}
          >
            <item.icon className="shrink-0" />
            {label(item.label)}
            {expanded ? <ExternalIcon className="ml-auto size-3.5 opacity-60" /> : null}
          </a>
        ),
      )}
    </nav>
  );
}

function Brand({ expanded }: { expanded: boolean }) {
  const productName = useAppConfig()?.productName ?? 'Ordinals Market';
  return (
    <div className="flex h-14 items-center gap-2.5 px-4">
      <span className="size-6 shrink-0 rounded-md bg-brand-500" aria-hidden="true" />
      <span className={expanded ? 'truncate font-semibold tracking-tight' : 'sr-only'}>
        {productName}
      </span>
    </div>
  );
}

/** Desktop: a rail that expands and collapses. Mobile (< 768 px): a drawer. */
export function AppSidebar() {
  const { open, openMobile, isMobile, setOpenMobile } = useSidebar();

  if (isMobile) {
    return (
      <Dialog
        open={openMobile}
        onClose={() => setOpenMobile(false)}
        title="Navigation"
        hideTitle
        placement="left"
      >
        <Brand expanded />
        <SidebarNav expanded onNavigate={() => setOpenMobile(false)} />
      </Dialog>
    );
  }

  return (
    <aside
      aria-label="Sidebar"
      data-state={open ? 'expanded' : 'collapsed'}
      className={`sticky top-0 flex h-dvh shrink-0 flex-col border-r border-zinc-800/80 bg-zinc-950 transition-[width] duration-200 ${open ? 'w-56' : 'w-16'}`}
    >
      <Brand expanded={open} />
      <SidebarNav expanded={open} />
    </aside>
  );
}
