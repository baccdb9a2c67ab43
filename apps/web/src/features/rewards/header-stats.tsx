import { formatXp, satsToBtc } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatWireAmount, parseTokenAmount } from '../../lib/brc20-amount.ts';
import { brc20Queries } from '../brc20/brc20.queries.ts';
import { useMintRecordPolling } from '../brc20/mint-record-poll.ts';
import { useAppConfig } from '../../shared/config.queries.ts';
import { xpQueries } from './xp.queries.ts';
import { useWallet } from '../wallet/wallet-context.ts';

/** Shown in a slot whose data a later feature provides; never a made-up number. */
export const PLACEHOLDER = '—';

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col leading-tight">
      <span className="text-[11px] uppercase tracking-wide text-zinc-500">{label}</span>
      <span className="font-mono text-[13px] tabular-nums text-zinc-100">{children}</span>
    </div>
  );
}

/** XP of the signed-in user, abbreviated above 99,999 (product.md#market-overview). */
export function XpStat({ xp }: { xp?: number }) {
  return <Stat label="XP">{xp === undefined ? PLACEHOLDER : formatXp(xp)}</Stat>;
}

/**
 * The connected wallet's XP, earned by its ordinals address (where the utility token is held;
 * ADR 020); '—' without a wallet or until it is known.
 */
export function MyXpStat() {
  const { wallet } = useWallet();
  const xp = useQuery({
    ...xpQueries.of(wallet?.ordinalsAddress ?? ''),
    enabled: wallet !== null,
  }).data?.xp;
  return <XpStat {...(wallet && xp !== undefined ? { xp: Number(xp) } : {})} />;
}

/** Balance of the product's utility token, already formatted by the token feature. */
export function TokenBalanceStat({ ticker, balance }: { ticker: string; balance?: string }) {
  return <Stat label={ticker}>{balance ?? PLACEHOLDER}</Stat>;
}

/**
 * The connected ordinals address's overall balance of the product's ticker (product.md#market-calls
 * "a token balance lookup by address"); '—' without a wallet, or when the balance is zero or the
 * ticker is not deployed. Its query sits under the wallet's balance keys, so each new block
 * refetches it. The header is on every page, so it also follows the pending BRC-20 mint records.
 */
export function ProductTokenBalanceStat() {
  const config = useAppConfig();
  const { wallet } = useWallet();
  useMintRecordPolling();
  const ticker = config?.productTicker ?? '';
  const balances = useQuery({
    ...brc20Queries.balances(wallet?.ordinalsAddress ?? ''),
    enabled: wallet !== null && ticker !== '',
  });
  const row = balances.data?.balances.find((b) => b.tick === ticker.toLowerCase());
  const overall = row ? parseTokenAmount(row.overall, row.decimals) : undefined;
  const balance =
    wallet && row && overall !== undefined && overall > 0n
      ? formatWireAmount(row.overall, row.decimals)
      : undefined;
  return <TokenBalanceStat ticker={row?.originalTick ?? (ticker || 'Token')} balance={balance} />;
}

/** Mining rewards earned and not yet paid out, in sats. */
export function PendingRewardsStat({ sats }: { sats?: bigint }) {
  return (
    <Stat label="Pending rewards">
      {sats === undefined ? PLACEHOLDER : `${satsToBtc(sats)} BTC`}
    </Stat>
  );
}
