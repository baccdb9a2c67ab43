import { DEFAULT_FEE_RATE, type MultisigUtxo } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { LoadError, Loading } from '../../components/ui/load-state.tsx';
import { EmptyState } from '../../components/ui/page.tsx';
import { shortenHash } from '../../lib/inscription-format.ts';
import { profileQueries } from '../../shared/profile.queries.ts';
import { inscriptionLabel } from '../../shared/profile-ui.tsx';
import { FlowReview } from './flow-review.tsx';
import { FeeRateField } from '../../shared/form-field.tsx';
import { useMaxFeeRate } from '../../shared/fee-rate-cap.ts';
import { feeRateError } from '../../lib/form-rules.ts';
import { useInscriptionWithdrawal } from './inscription-withdrawal.mutations.ts';
import { multisigQueries } from './multisig.queries.ts';
import type { WalletSession } from './wallet-actions.mutations.ts';
import { WalletSummary } from './wallet-summary.tsx';
import { readWithdrawnInscription } from './withdrawn-inscriptions.ts';

/** Coins that hold inscriptions: what a protected listing put into the maker wallet. */
function inscribedCoins(utxos: readonly MultisigUtxo[]): MultisigUtxo[] {
  return utxos.filter((coin) => (coin.inscriptions?.length ?? 0) > 0);
}

/**
 * The maker wallet (ADR 009 snipe protection) and the inscriptions it holds, each coin with a
 * Withdraw action back to the user's ordinals address.
 */
export function MakerWalletSection({ session }: { session: WalletSession }) {
  const coins = useQuery(multisigQueries.utxos(session.target.info.id));
  return (
    <section aria-labelledby="maker-wallet" className="flex flex-col gap-3">
      <h2 id="maker-wallet" className="text-lg font-semibold text-zinc-50">
        Maker wallet
      </h2>
      <p className="text-sm text-zinc-400">
        Inscriptions listed with snipe protection wait here, under your key and ours.
      </p>
      <WalletSummary
        label="Maker wallet"
        address={session.target.info.address}
        coins={coins.data}
      />
      {coins.isPending ? (
        <Loading what="the maker wallet's inscriptions" />
      ) : coins.isError ? (
        <LoadError what="the maker wallet's inscriptions" error={coins.error} />
      ) : (
        <InscriptionList session={session} coins={inscribedCoins(coins.data.utxos)} />
      )}
    </section>
  );
}

function InscriptionList({
  session,
  coins,
}: {
  session: WalletSession;
  coins: readonly MultisigUtxo[];
}) {
  const [feeRate, setFeeRate] = useState(String(DEFAULT_FEE_RATE));
  // Bumped when a withdrawal is recorded in localStorage, to show it.
  const [, setRecorded] = useState(0);
  const flow = useInscriptionWithdrawal(session, () => setRecorded((n) => n + 1));
  // Names from the indexer and the catalogue (product.md#walk-through-fixes item 7); the shortened
  // id until they come.
  const held = useQuery(profileQueries.inscriptionsOf(session.target.info.address));
  const labelOf = (inscriptionId: string) =>
    inscriptionLabel(
      held.data?.find((item) => item.inscriptionId === inscriptionId) ?? { inscriptionId },
    );
  const maxFeeRate = useMaxFeeRate();
  const error = feeRateError(feeRate, maxFeeRate);
  const rate = error === undefined ? Number(feeRate) : undefined;
  if (coins.length === 0) return <EmptyState title="No inscriptions in the maker wallet" />;

  return (
    <div className="flex flex-col gap-3">
      <div className="max-w-xs">
        <FeeRateField
          error={error}
          inputProps={{ value: feeRate, onChange: (event) => setFeeRate(event.target.value) }}
        />
      </div>
      <ul className="divide-y divide-zinc-800 rounded-xl border border-zinc-800">
        {coins.map((coin) => {
          const ids = coin.inscriptions ?? [];
          const sent = ids.map((id) => readWithdrawnInscription(id)).find(Boolean);
          return (
            <li
              key={`${coin.txid}:${coin.vout}`}
              className="flex items-center justify-between gap-3 px-3 py-2"
            >
              <span className="flex min-w-0 flex-col gap-0.5 text-sm">
                {ids.map((inscriptionId) => (
                  <Link
                    key={inscriptionId}
                    to={`/inscriptions/${inscriptionId}`}
                    className="truncate text-zinc-100 hover:text-brand-400"
                    title={inscriptionId}
                  >
                    {labelOf(inscriptionId)}
                  </Link>
                ))}
                {sent ? (
                  <span className="text-xs text-amber-300" title={sent.transaction}>
                    Withdrawal sent: {shortenHash(sent.transaction)}
                  </span>
                ) : null}
              </span>
              <Button
                size="sm"
                disabled={rate === undefined || flow.prepare.isPending || sent !== undefined}
                aria-label={`Withdraw ${ids.join(', ')}`}
                onClick={() =>
                  rate !== undefined && flow.prepare.mutate({ coins: [coin], feeRate: rate })
                }
              >
                Withdraw
              </Button>
            </li>
          );
        })}
      </ul>
      <FlowReview
        flow={flow}
        title="Review inscription withdrawal"
        walletLabel="maker wallet"
        signLabel="Sign and withdraw"
        txLabel="Inscription withdrawal"
      />
    </div>
  );
}
