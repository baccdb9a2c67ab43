import { BRC20_TOKENS_PAGE_SIZE, CONNECT_WALLET, type Brc20Token } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { LoadError, LoadFailed, Loading } from '../../components/ui/load-state.tsx';
import { Page } from '../../components/ui/page.tsx';
import { shortenAddress } from '../../lib/format.ts';
import { count } from '../../lib/collection-format.ts';
import { shortenHash } from '../../lib/inscription-format.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import { formatWireAmount } from '../../lib/brc20-amount.ts';
import { brc20Queries } from './brc20.queries.ts';
import { SwapLink } from '../../shared/swap-link.tsx';
import { Fact } from '../../shared/fact.tsx';
import { CELL, MintProgress, NUMBER, Pager, Table } from '../../shared/brc20-ui.tsx';
import { Brc20ActivitySection } from './brc20-activity.tsx';
import { MintTokenDialog } from './mint-dialog.tsx';
import { MyMints } from './my-mints.tsx';

/** /brc20/{tick}: the token's supply and progress, a Mint button, its holders and activity. */
export function TokenPage() {
  const { tick = '' } = useParams();
  const query = useQuery(brc20Queries.token(tick));
  if (query.isPending) {
    return (
      <Page title={tick}>
        <Loading what="the token" />
      </Page>
    );
  }
  if (query.isError) {
    return (
      <Page title={tick}>
        <LoadFailed what="the token" error={query.error} onRetry={() => void query.refetch()} />
      </Page>
    );
  }
  return <TokenView token={query.data} />;
}

export function TokenView({ token }: { token: Brc20Token }) {
  const { wallet } = useWallet();
  const [minting, setMinting] = useState(false);
  const amount = (value: string) => formatWireAmount(value, token.decimals);
  const soldOut = BigInt(token.remainingSupply.replace('.', '')) === 0n;
  return (
    <Page title={token.originalTick} subtitle="BRC-20 token">
      <section aria-label="About the token" className="flex flex-col gap-4">
        <MintProgress percent={token.mintProgress} label={token.originalTick} />
        <dl className="grid grid-cols-2 gap-3 text-sm md:grid-cols-4">
          <Fact term="Max supply">{amount(token.maxSupply)}</Fact>
          <Fact term="Minted">{amount(token.mintedSupply)}</Fact>
          <Fact term="Holders">{count(token.holders)}</Fact>
          <Fact term="Decimals">{token.decimals}</Fact>
          <Fact term="Limit per mint">{amount(token.limitPerMint)}</Fact>
          <Fact term="Remaining">{amount(token.remainingSupply)}</Fact>
          <Fact term="Deploy height">{count(token.deployHeight)}</Fact>
          <Fact term="Deploy inscription">
            <Link
              to={`/inscriptions/${encodeURIComponent(token.deployInscriptionId)}`}
              className="font-mono text-brand-400 hover:underline"
              title={token.deployInscriptionId}
            >
              {shortenHash(token.deployInscriptionId)}
            </Link>
          </Fact>
        </dl>
        <div className="flex items-center gap-3">
          <Button
            variant="primary"
            disabled={!wallet || soldOut || token.selfMint}
            onClick={() => setMinting(true)}
          >
            Mint
          </Button>
          <SwapLink tick={token.tick} label="Swap" />
          {!wallet ? <p className="text-sm text-zinc-400">{CONNECT_WALLET}</p> : null}
          {soldOut ? <p className="text-sm text-zinc-400">Fully minted.</p> : null}
          {token.selfMint ? (
            <p className="text-sm text-zinc-400">Only its deployer's inscriptions can mint it.</p>
          ) : null}
        </div>
      </section>
      {wallet ? (
        <MintTokenDialog token={token} open={minting} onClose={() => setMinting(false)} />
      ) : null}
      <MyMints ticker={token.originalTick} />
      <Holders token={token} />
      <Brc20ActivitySection
        query={(page) => brc20Queries.activity(token.tick, page)}
        decimalsOf={() => token.decimals}
      />
    </Page>
  );
}

function Holders({ token }: { token: Brc20Token }) {
  const [page, setPage] = useState(0);
  const query = useQuery(brc20Queries.holders(token.tick, page));
  const amount = (value: string) => formatWireAmount(value, token.decimals);
  return (
    <section aria-label="Holders" className="flex flex-col gap-2">
      <h2 className="text-base font-semibold text-zinc-100">Holders</h2>
      {query.isPending ? (
        <Loading what="holders" />
      ) : query.isError ? (
        <LoadError what="holders" error={query.error} />
      ) : (
        <>
          <Table
            label="Holders"
            heads={[
              { text: 'Address' },
              { text: 'Overall', align: 'right' },
              { text: 'Available', align: 'right' },
              { text: 'Transferable', align: 'right' },
            ]}
          >
            {query.data.holders.map((holder) => (
              <tr key={holder.pkscript}>
                <td
                  className={`${CELL} font-mono text-xs`}
                  title={holder.address ?? holder.pkscript}
                >
                  {holder.address ? shortenAddress(holder.address) : shortenHash(holder.pkscript)}
                </td>
                <td className={NUMBER}>{amount(holder.overall)}</td>
                <td className={NUMBER}>{amount(holder.available)}</td>
                <td className={NUMBER}>{amount(holder.transferable)}</td>
              </tr>
            ))}
          </Table>
          <Pager
            label="Holders"
            page={page}
            size={BRC20_TOKENS_PAGE_SIZE}
            total={query.data.total}
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}
