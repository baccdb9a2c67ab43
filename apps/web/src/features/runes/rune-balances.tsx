import type { RuneBalance } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { LoadError, Loading } from '../../components/ui/load-state.tsx';
import { EmptyState } from '../../components/ui/page.tsx';
import { formatRuneAmount } from '../../lib/rune-amount.ts';
import { CELL, NUMBER, Table } from '../../shared/brc20-ui.tsx';
import { RuneSendDialog } from './rune-send-dialog.tsx';
import { runeQueries } from './runes.queries.ts';

/**
 * An address's rune balances, over its unspent outputs, each rune linked to its page; with
 * `canSend` (the wallet's own Runes tab on /profile) each row sends from the wallet.
 */
export function RuneBalances({ address, canSend = false }: { address: string; canSend?: boolean }) {
  const { data, error, isPending } = useQuery(runeQueries.balances(address));
  const [sending, setSending] = useState<RuneBalance>();
  if (error) return <LoadError className="py-4" what="runes" error={error} />;
  if (isPending) return <Loading className="py-4" what="runes" />;
  if (data.length === 0) {
    return (
      <div className="pt-4">
        <EmptyState title="No runes">Runes etched, minted or received here show here.</EmptyState>
      </div>
    );
  }
  return (
    <div className="pt-4">
      <Table
        label="Rune balances"
        heads={[
          { text: 'Rune' },
          { text: 'Balance', align: 'right' },
          { text: 'Outputs', align: 'right' },
          ...(canSend ? [{ text: '' }] : []),
        ]}
      >
        {data.map((row) => (
          <tr key={row.runeId} aria-label={row.name}>
            <td className={CELL}>
              <Link
                to={`/runes/${encodeURIComponent(row.runeId)}`}
                className="hover:text-brand-400"
              >
                {row.symbol ? `${row.symbol} ` : ''}
                {row.name}
              </Link>
            </td>
            <td className={NUMBER}>{formatRuneAmount(row.amount, row.divisibility)}</td>
            <td className={NUMBER}>{row.outpoints.length}</td>
            {canSend ? (
              <td className={`${CELL} text-right`}>
                <Button size="sm" onClick={() => setSending(row)}>
                  Send
                </Button>
              </td>
            ) : null}
          </tr>
        ))}
      </Table>
      {sending ? <RuneSendDialog balance={sending} onClose={() => setSending(undefined)} /> : null}
    </div>
  );
}
