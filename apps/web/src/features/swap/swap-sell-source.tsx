import type { Brc20Transferable } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { LoadError, Loading } from '../../components/ui/load-state.tsx';
import { formatWireAmount } from '../../lib/brc20-amount.ts';
import { brc20Queries } from '../brc20/brc20.queries.ts';
import { InscribeTransferDialog } from '../brc20/inscribe-transfer-dialog.tsx';
import { shortenHash } from '../../lib/inscription-format.ts';

const NO_TRANSFER_INSCRIPTION = (tick: string) =>
  `You have no confirmed transfer inscription of ${tick}. Inscribe one for the amount to sell: it must confirm before you can swap it.`;
const WAITING_FOR_CONFIRMATION = 'Waiting for confirmation';

/**
 * A sale sends one confirmed, valid, unused transfer inscription of the tick whole (ADR 017): the
 * user picks one of theirs, or inscribes one and comes back once it has confirmed.
 */
export function SellSource({
  tick,
  decimals,
  ordinalsAddress,
  selected,
  onSelect,
}: {
  tick: string;
  decimals: number;
  ordinalsAddress: string;
  selected: string | undefined;
  onSelect: (transferable: Brc20Transferable) => void;
}) {
  const [inscribing, setInscribing] = useState(false);
  const transferables = useQuery(brc20Queries.transferables(ordinalsAddress));
  const balances = useQuery(brc20Queries.balances(ordinalsAddress));
  const balance = balances.data?.balances.find((row) => row.tick === tick);
  const mine = (transferables.data?.transferables ?? []).filter((t) => t.tick === tick);
  const usable = mine.filter((t) => t.state === 'confirmed' && t.outpoint);

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm text-zinc-300">Transfer inscription to sell</legend>
      {transferables.isPending ? (
        <Loading what="your transfer inscriptions" />
      ) : transferables.isError ? (
        <LoadError what="your transfer inscriptions" error={transferables.error} />
      ) : (
        <>
          {mine.map((item) => (
            <label
              key={item.inscriptionId}
              className="flex cursor-pointer items-center justify-between gap-3 rounded-lg border border-zinc-800 px-3 py-2 text-sm has-[:checked]:border-brand-500 has-[:disabled]:cursor-default has-[:disabled]:opacity-60"
            >
              <input
                type="radio"
                name="swap-transfer"
                className="sr-only"
                checked={selected === item.inscriptionId}
                disabled={!usable.includes(item)}
                onChange={() => onSelect(item)}
              />
              <span className="font-mono text-zinc-100">
                {formatWireAmount(item.amount, decimals)} {item.originalTick}
              </span>
              <span className="font-mono text-xs text-zinc-500" title={item.inscriptionId}>
                {item.state === 'confirmed'
                  ? shortenHash(item.inscriptionId)
                  : WAITING_FOR_CONFIRMATION}
              </span>
            </label>
          ))}
          {usable.length === 0 ? (
            <p className="text-sm text-zinc-400">{NO_TRANSFER_INSCRIPTION(tick)}</p>
          ) : null}
          <div>
            <Button size="sm" disabled={!balance} onClick={() => setInscribing(true)}>
              Inscribe transfer
            </Button>
          </div>
        </>
      )}
      {inscribing && balance ? (
        <InscribeTransferDialog balance={balance} onClose={() => setInscribing(false)} />
      ) : null}
    </fieldset>
  );
}
