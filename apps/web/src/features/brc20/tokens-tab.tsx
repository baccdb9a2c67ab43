import type { Brc20BalanceRow, Brc20Transferable } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { LoadError, LoadFailed, Loading } from '../../components/ui/load-state.tsx';
import { EmptyState } from '../../components/ui/page.tsx';
import { shortenHash } from '../../lib/inscription-format.ts';
import { formatWireAmount, parseTokenAmount } from '../../lib/brc20-amount.ts';
import { Brc20ActivitySection } from './brc20-activity.tsx';
import { brc20Queries } from './brc20.queries.ts';
import { CELL, NUMBER, Table } from '../../shared/brc20-ui.tsx';
import { InscribeTransferDialog } from './inscribe-transfer-dialog.tsx';
import { MyMints } from './my-mints.tsx';
import { SendTransferDialog } from './send-dialog.tsx';

const STATE_TEXT: Record<Brc20Transferable['state'], string> = {
  confirmed: 'Ready to send',
  pending: 'Inscribing (in the mempool)',
  sending: 'Sending (in the mempool)',
};

/**
 * /profile?tab=tokens: the ordinals address's BRC-20 balances (pending transfer-inscribes shown
 * apart, never added), its transfer inscriptions, and the mints of this browser.
 */
export function TokensTab({ address }: { address: string }) {
  const balances = useQuery(brc20Queries.balances(address));
  const [inscribing, setInscribing] = useState<Brc20BalanceRow>();
  if (balances.isPending) return <Loading what="your tokens" className="py-6" />;
  if (balances.isError) {
    return (
      <LoadFailed
        what="your tokens"
        error={balances.error}
        onRetry={() => void balances.refetch()}
      />
    );
  }
  const rows = balances.data.balances;
  return (
    <div className="flex flex-col gap-6 py-4">
      {rows.length === 0 ? (
        <EmptyState title="No BRC-20 tokens yet">
          Tokens minted or received at your ordinals address show here.
        </EmptyState>
      ) : (
        <Table
          label="Token balances"
          heads={[
            { text: 'Tick' },
            { text: 'Overall', align: 'right' },
            { text: 'Available', align: 'right' },
            { text: 'Transferable', align: 'right' },
            { text: 'Pending transfers', align: 'right' },
            { text: '' },
          ]}
        >
          {rows.map((row) => {
            const amount = (value: string) => formatWireAmount(value, row.decimals);
            const hasAvailable = (parseTokenAmount(row.available, row.decimals) ?? 0n) > 0n;
            return (
              <tr key={row.tick} aria-label={row.originalTick}>
                <td className={CELL}>
                  <Link
                    to={`/brc20/${encodeURIComponent(row.tick)}`}
                    className="hover:text-brand-400"
                  >
                    {row.originalTick}
                  </Link>
                </td>
                <td className={NUMBER}>{amount(row.overall)}</td>
                <td className={NUMBER}>{amount(row.available)}</td>
                <td className={NUMBER}>{amount(row.transferable)}</td>
                <td className={`${NUMBER} text-zinc-400`}>{amount(row.pendingTransferable)}</td>
                <td className={`${CELL} text-right`}>
                  <Button size="sm" disabled={!hasAvailable} onClick={() => setInscribing(row)}>
                    Inscribe transfer
                  </Button>
                </td>
              </tr>
            );
          })}
        </Table>
      )}
      <Transferables address={address} balances={rows} />
      <MyMints />
      <Brc20ActivitySection
        query={(page) => brc20Queries.addressActivity(address, page)}
        decimalsOf={(tick) => rows.find((b) => b.tick === tick)?.decimals ?? 18}
        showTick
      />
      {inscribing ? (
        <InscribeTransferDialog balance={inscribing} onClose={() => setInscribing(undefined)} />
      ) : null}
    </div>
  );
}

function Transferables({ address, balances }: { address: string; balances: Brc20BalanceRow[] }) {
  const query = useQuery(brc20Queries.transferables(address));
  const [sending, setSending] = useState<Brc20Transferable>();
  const decimalsOf = (tick: string) => balances.find((b) => b.tick === tick)?.decimals ?? 18;
  return (
    <section aria-label="Transfer inscriptions" className="flex flex-col gap-2">
      <h2 className="text-base font-semibold text-zinc-100">Transfer inscriptions</h2>
      {query.isPending ? (
        <Loading what="transfer inscriptions" />
      ) : query.isError ? (
        <LoadError what="transfer inscriptions" error={query.error} />
      ) : query.data.transferables.length === 0 ? (
        <p className="text-sm text-zinc-500">
          No transfer inscriptions. Inscribe one from an available balance to send tokens.
        </p>
      ) : (
        <Table
          label="Transfer inscriptions"
          heads={[
            { text: 'Inscription' },
            { text: 'Tick' },
            { text: 'Amount', align: 'right' },
            { text: 'State' },
            { text: '' },
          ]}
        >
          {query.data.transferables.map((item) => (
            <tr key={item.inscriptionId} aria-label={item.inscriptionId}>
              <td className={`${CELL} font-mono text-xs`}>
                <Link
                  to={`/inscriptions/${encodeURIComponent(item.inscriptionId)}`}
                  title={item.inscriptionId}
                  className="hover:text-brand-400"
                >
                  {shortenHash(item.inscriptionId)}
                </Link>
              </td>
              <td className={CELL}>{item.originalTick}</td>
              <td className={NUMBER}>{formatWireAmount(item.amount, decimalsOf(item.tick))}</td>
              <td className={CELL}>{STATE_TEXT[item.state]}</td>
              <td className={`${CELL} text-right`}>
                {item.state === 'confirmed' ? (
                  <Button size="sm" onClick={() => setSending(item)}>
                    Send
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </Table>
      )}
      {sending ? (
        <SendTransferDialog
          transferable={sending}
          decimals={decimalsOf(sending.tick)}
          onClose={() => setSending(undefined)}
        />
      ) : null}
    </section>
  );
}
