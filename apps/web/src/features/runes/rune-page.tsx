import type { Rune, RuneTerms } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { LoadFailed, Loading } from '../../components/ui/load-state.tsx';
import { Page } from '../../components/ui/page.tsx';
import { count } from '../../lib/collection-format.ts';
import { formatRuneAmount } from '../../lib/rune-amount.ts';
import { TxidLink } from '../../shared/txid-link.tsx';
import { Fact } from '../../shared/fact.tsx';
import { runeQueries } from './runes.queries.ts';

/** /runes/{id or name}: a rune's supply, mints, holders, open-mint terms and etching. */
export function RunePage() {
  const { idOrName = '' } = useParams();
  const query = useQuery(runeQueries.rune(idOrName));
  if (query.isPending) {
    return (
      <Page title={idOrName}>
        <Loading what="the rune" />
      </Page>
    );
  }
  if (query.isError) {
    return (
      <Page title={idOrName}>
        <LoadFailed what="the rune" error={query.error} onRetry={() => void query.refetch()} />
      </Page>
    );
  }
  return <RuneView rune={query.data} />;
}

export function RuneView({ rune }: { rune: Rune }) {
  const amount = (value: string) => formatRuneAmount(value, rune.divisibility);
  return (
    <Page title={rune.name} subtitle={`Rune ${rune.id} · #${count(rune.number)}`}>
      <section aria-label="About the rune" className="flex flex-col gap-4">
        <dl className="grid grid-cols-2 gap-3 text-sm md:grid-cols-4">
          <Fact term="Supply">{amount(rune.supply)}</Fact>
          <Fact term="Premine">{amount(rune.premine)}</Fact>
          <Fact term="Mints">{formatRuneAmount(rune.mints, 0)}</Fact>
          <Fact term="Burned">{amount(rune.burned)}</Fact>
          <Fact term="Holders">{count(rune.holders)}</Fact>
          <Fact term="Divisibility">{rune.divisibility}</Fact>
          <Fact term="Symbol">{rune.symbol ?? '¤'}</Fact>
          <Fact term="Turbo">{rune.turbo ? 'Yes' : 'No'}</Fact>
          <Fact term="Etched in block">{count(rune.etchingBlock)}</Fact>
          <Fact term="Etched">{new Date(rune.etchedAt).toLocaleString()}</Fact>
          <Fact term="Etching">
            <TxidLink txid={rune.etchingTxid} />
          </Fact>
        </dl>
      </section>
      <section aria-label="Open mint" className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold text-zinc-100">Open mint</h2>
        {rune.terms ? (
          <MintTerms terms={rune.terms} amount={amount} />
        ) : (
          <p className="text-zinc-400">No open mint: the whole supply was premined.</p>
        )}
      </section>
    </Page>
  );
}

function MintTerms({ terms, amount }: { terms: RuneTerms; amount: (value: string) => string }) {
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm md:grid-cols-4">
      <Fact term="Amount per mint">{terms.amount ? amount(terms.amount) : 'None'}</Fact>
      <Fact term="Mint cap">{terms.cap ? formatRuneAmount(terms.cap, 0) : 'None'}</Fact>
      <Fact term="Blocks">{range(terms.heightStart, terms.heightEnd)}</Fact>
      <Fact term="Blocks after etching">{range(terms.offsetStart, terms.offsetEnd)}</Fact>
    </dl>
  );
}

/** A window [start, end) as people read it; either bound may be open. */
function range(start: string | null, end: string | null): string {
  if (start === null && end === null) return 'Any';
  if (end === null) return `From ${start}`;
  if (start === null) return `Before ${end}`;
  return `${start} to ${BigInt(end) - 1n}`;
}
