import { txDisplayState } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api-client.ts';
import { chainQueries } from '../chain/chain.queries.ts';
import { shortenHash } from '../inscriptions/inscription-format.ts';
import { TX_POLL_MS, tradeQueries } from './trade.queries.ts';

const TONES = {
  'not-found': 'text-zinc-400',
  pending: 'text-amber-300',
  confirmed: 'text-emerald-300',
} as const;

/**
 * A transaction followed to its first confirmation (spec 001 §3, §4): 'No transaction found',
 * then '{N} confirmations' while pending, then 'Confirmed'. Status and tip are polled every 5 s
 * and no longer once it is confirmed.
 */
export function TrackedTransaction({
  txid,
  label = 'Transaction',
}: {
  txid: string;
  label?: string;
}) {
  const status = useQuery(tradeQueries.txStatus(txid));
  const isConfirmed = status.data?.confirmed === true;
  const tip = useQuery({
    ...chainQueries.tipHeight(),
    refetchInterval: isConfirmed ? false : TX_POLL_MS,
  });
  const display = txDisplayState(status.data && { status: status.data }, tip.data);

  return (
    <div className="flex flex-col gap-1 rounded-lg border border-zinc-800 bg-zinc-950/60 p-3 text-sm">
      <div className="flex items-center justify-between gap-3">
        <span className="text-zinc-400">{label}</span>
        <span className="font-mono text-[13px] text-zinc-200" title={txid}>
          {shortenHash(txid)}
        </span>
      </div>
      <p role="status" aria-label={`${label} status`} className={TONES[display.kind]}>
        {status.isPending ? 'Looking for the transaction…' : display.text}
      </p>
      {status.error ? (
        <p className="text-xs text-zinc-500">Could not check it: {errorMessage(status.error)}</p>
      ) : null}
    </div>
  );
}
