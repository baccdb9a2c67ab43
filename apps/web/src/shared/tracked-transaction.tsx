import { txDisplayState } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../lib/api-client.ts';
import { chainQueries } from './chain.queries.ts';
import { TxidLink } from './txid-link.tsx';
import { TX_POLL_MS, tradeQueries } from './trade.queries.ts';

const TONES = {
  'not-found': 'text-zinc-400',
  pending: 'text-amber-300',
  confirmed: 'text-emerald-300',
} as const;

/**
 * How long a confirmed transaction stays shown before it is removed
 * (product.md#states-and-transitions).
 */
export const CONFIRMED_SHOWN_MS = 60_000;

/**
 * A transaction followed to its first confirmation (product.md#records, #states-and-transitions):
 * 'No transaction found', then '{N} confirmations' while pending, then 'Confirmed'. Status and tip
 * are polled every 5 s and no longer once it is confirmed; a minute later it is removed, unless it
 * is a record the page keeps (an auction's settlement).
 */
export function TrackedTransaction({
  txid,
  label = 'Transaction',
  keep = false,
}: {
  txid: string;
  label?: string;
  /** Stays once confirmed: the transaction is part of what the page shows, not a follow-up. */
  keep?: boolean;
}) {
  const status = useQuery(tradeQueries.txStatus(txid));
  const isConfirmed = status.data?.confirmed === true;
  const tip = useQuery({
    ...chainQueries.tipHeight(),
    refetchInterval: isConfirmed ? false : TX_POLL_MS,
  });
  const display = txDisplayState(status.data && { status: status.data }, tip.data);
  const [isRemoved, setRemoved] = useState(false);
  useEffect(() => {
    if (!isConfirmed || keep) return;
    const timer = setTimeout(() => setRemoved(true), CONFIRMED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [isConfirmed, keep]);
  if (isRemoved) return null;

  return (
    <div className="flex flex-col gap-1 rounded-lg border border-zinc-800 bg-zinc-950/60 p-3 text-sm">
      <div className="flex items-center justify-between gap-3">
        <span className="text-zinc-400">{label}</span>
        <TxidLink txid={txid} />
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
