import type { SVGProps } from 'react';

/** A few 20px line icons; decorative, so hidden from assistive technology. */
function Icon({ d, ...props }: SVGProps<SVGSVGElement> & { d: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <path d={d} />
    </svg>
  );
}

type P = SVGProps<SVGSVGElement>;

export const GridIcon = (p: P) => (
  <Icon d="M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z" {...p} />
);
export const PlusSquareIcon = (p: P) => (
  <Icon
    d="M5 4h14a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1zM12 8v8M8 12h8"
    {...p}
  />
);
export const GiftIcon = (p: P) => (
  <Icon
    d="M4 11h16v9H4zM3 7h18v4H3zM12 7v13M12 7c-1.5-3-5-3-5-1s3 1 5 1zm0 0c1.5-3 5-3 5-1s-3 1-5 1z"
    {...p}
  />
);
export const CoinIcon = (p: P) => (
  <Icon
    d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM9.5 8.5h4a2 2 0 0 1 0 4h-4zm0 4h4.5a2 2 0 0 1 0 4H9.5zM11 7v2m0 7.5v1.5"
    {...p}
  />
);
export const PenIcon = (p: P) => <Icon d="M4 20l4-1 11-11-3-3L5 16zM14 6l3 3" {...p} />;
export const MenuIcon = (p: P) => <Icon d="M4 6h16M4 12h16M4 18h16" {...p} />;
export const PanelIcon = (p: P) => <Icon d="M4 4h16v16H4zM9 4v16" {...p} />;
export const ExternalIcon = (p: P) => (
  <Icon d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" {...p} />
);
export const WalletIcon = (p: P) => (
  <Icon d="M4 7a2 2 0 0 1 2-2h12v4M4 7v11a2 2 0 0 0 2 2h14V9H6a2 2 0 0 1-2-2zM16 14h.01" {...p} />
);
export const CopyIcon = (p: P) => <Icon d="M9 9h11v11H9zM5 15H4V4h11v1" {...p} />;
/** A rocket: launches. */
export const RocketIcon = (p: P) => (
  <Icon
    d="M12 3c3 2 4.5 5 4.5 9l-2 3h-5l-2-3c0-4 1.5-7 4.5-9zM9.5 15L7 18l2.5.5M14.5 15l2.5 3-2.5.5M12 9v.01"
    {...p}
  />
);
/** A gavel: auctions. */
export const GavelIcon = (p: P) => (
  <Icon d="M14 4l6 6M11 7l6 6M12.5 5.5l-4 4 6 6 4-4M10.5 11.5L4 18l2 2 6.5-6.5" {...p} />
);
/** A person: artists. */
export const UserIcon = (p: P) => (
  <Icon d="M12 4a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM4 20c1-4 4-6 8-6s7 2 8 6" {...p} />
);
/** A check in a shield: the review queue. */
export const ShieldCheckIcon = (p: P) => (
  <Icon d="M12 3l7 3v6c0 4-3 7-7 9-4-2-7-5-7-9V6zM9 12l2 2 4-4" {...p} />
);
export const BellIcon = (p: P) => (
  <Icon d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15zM10 20a2 2 0 0 0 4 0" {...p} />
);
