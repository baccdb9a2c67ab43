import { URL_COPIED } from '@om/core';
import { Link } from 'react-router';
import { CopyTextButton } from '../multisig/copy-text-button.tsx';
import { reviewNote } from './outcome-screens.tsx';

const CONGRATULATIONS = 'Congratulations';

/** /auction/{slug}: the auction's public page. */
export function auctionPath(slug: string): string {
  return `/auction/${encodeURIComponent(slug)}`;
}

/**
 * The auction's Submitted screen (product.md#wizard-screens "the auction version is titled
 * Congratulations with a copyable link"): the auction page and a copy-URL button.
 */
export function AuctionSubmittedScreen({ slug, opensAt }: { slug: string; opensAt: string }) {
  const href = auctionPath(slug);
  return (
    <section
      aria-label={CONGRATULATIONS}
      className="flex flex-col items-center gap-3 rounded-xl border border-zinc-800 bg-zinc-900/40 px-6 py-10 text-center"
    >
      <h2 className="text-lg font-semibold text-zinc-50">{CONGRATULATIONS}</h2>
      <p className="text-zinc-300">
        Your auction is set up: the inscription waits in your maker wallet and bids open {opensAt}.
      </p>
      <p className="text-zinc-400">{reviewNote('auction')}</p>
      <div className="flex items-center gap-1">
        <Link to={href} className="font-mono text-brand-400 hover:underline">
          {href}
        </Link>
        <CopyTextButton
          value={`${window.location.origin}${href}`}
          label="Copy URL"
          copiedText={URL_COPIED}
        />
      </div>
    </section>
  );
}
