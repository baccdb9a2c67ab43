import { satsToBtc, type MultisigUtxosPayload } from '@om/core';
import type { ReactNode } from 'react';
import { ADDRESS_COPIED } from './multisig-messages.ts';
import { CopyTextButton } from './copy-text-button.tsx';

function Stat({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs uppercase tracking-wide text-zinc-500">{term}</dt>
      <dd className="font-mono tabular-nums text-zinc-100">{children}</dd>
    </div>
  );
}

/** A wallet's address (copyable), and when its coins are known, balance and padding. */
export function WalletSummary({
  label,
  address,
  coins,
}: {
  /** 'Multisig wallet' or 'Maker wallet'. */
  label: string;
  address: string;
  coins: MultisigUtxosPayload | undefined;
}) {
  const available = coins ? BigInt(coins.availableBalance) : undefined;
  return (
    <section
      aria-label={label}
      className="flex flex-col gap-3 rounded-xl border border-zinc-800 bg-zinc-950/60 p-4"
    >
      <div className="flex flex-col gap-1">
        <span className="text-xs uppercase tracking-wide text-zinc-500">{label} address</span>
        <div className="flex items-start gap-2">
          <code className="min-w-0 flex-1 break-all font-mono text-[13px] text-zinc-200">
            {address}
          </code>
          <CopyTextButton
            value={address}
            label={`Copy ${label.toLowerCase()} address`}
            copiedText={ADDRESS_COPIED}
          />
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat term="Available balance">
          {available === undefined ? '—' : `${satsToBtc(available)} BTC`}
        </Stat>
        <Stat term="In sats">
          {available === undefined ? '—' : `${available.toLocaleString('en-US')} sats`}
        </Stat>
        <Stat term="Padding outputs">{coins ? coins.paddingCount : '—'}</Stat>
        <Stat term="Coins">{coins ? coins.utxos.length : '—'}</Stat>
      </dl>
    </section>
  );
}
