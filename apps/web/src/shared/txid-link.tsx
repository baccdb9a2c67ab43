import { Link } from 'react-router';
import { useAppConfig } from './config.queries.ts';
import { shortenHash } from '../lib/inscription-format.ts';

/**
 * A transaction id, shortened, linking to its page: the network's block explorer, or our own
 * /tx/ view on regtest (GET /api/config explorerTxUrl). Plain text until the config is known.
 */
export function TxidLink({ txid }: { txid: string }) {
  const base = useAppConfig()?.explorerTxUrl;
  const className = 'font-mono text-[13px] text-zinc-200';
  if (!base) {
    return (
      <span className={className} title={txid}>
        {shortenHash(txid)}
      </span>
    );
  }
  const href = `${base}${txid}`;
  const label = `Transaction ${txid}`;
  // Ours is a route of the app; an explorer opens in a new tab.
  return href.startsWith('/') ? (
    <Link to={href} className={`${className} hover:text-brand-400`} title={txid} aria-label={label}>
      {shortenHash(txid)}
    </Link>
  ) : (
    <a
      href={href}
      target="_blank"
      rel="noreferrer noopener"
      className={`${className} hover:text-brand-400`}
      title={txid}
      aria-label={label}
    >
      {shortenHash(txid)}
    </a>
  );
}
