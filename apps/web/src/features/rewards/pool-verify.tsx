import { drawCommitment, drawWinners, entriesHash } from '@om/bitcoin';
import type { Pool } from '@om/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { rewardsQueries } from './rewards.queries.ts';

type Entries = { address: string; weight: string }[];

export type VerifyOutcome = { ok: boolean; text: string };

/**
 * Recomputes a published draw (ADR 020): sha256(seed) against the commitment made at creation,
 * the entries' hash against the published one, and the winners drawn from seed and block hash
 * against the pool's winners.
 */
function verifyDraw(pool: Pool, entries: Entries): VerifyOutcome {
  const draw = pool.draw;
  if (!draw) return { ok: false, text: 'This pool has not been drawn yet.' };
  const problems: string[] = [];
  if (drawCommitment(draw.seed) !== pool.commitment.seedHash.toLowerCase()) {
    problems.push('sha256(seed) does not match the published seed hash');
  }
  const drawEntries = entries.map((e) => ({ address: e.address, tickets: BigInt(e.weight) }));
  if (entriesHash(drawEntries) !== draw.entriesHash.toLowerCase()) {
    problems.push('the entries hash does not match the published one');
  }
  if (pool.type !== 'proportionate') {
    const drawn = drawWinners({
      seedHex: draw.seed,
      blockHashHex: draw.blockHash,
      entries: drawEntries,
      winners: pool.winnerCount ?? 1,
    }).winners.map((i) => drawEntries[i]?.address ?? '');
    const shown = [...new Set(pool.winners.map((w) => w.address))];
    const same = drawn.length === shown.length && drawn.every((a) => shown.includes(a));
    if (!same) problems.push('the recomputed winners differ from the pool’s winners');
  }
  if (problems.length > 0) return { ok: false, text: `Mismatch: ${problems.join('; ')}.` };
  return {
    ok: true,
    text:
      pool.type === 'proportionate'
        ? 'Verified: the seed matches its commitment and the entries match their hash.'
        : 'Verified: the seed matches its commitment, the entries match their hash and the winners match the draw.',
  };
}

function Field({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-zinc-500">{label}</dt>
      <dd className="break-all font-mono text-xs text-zinc-200">{value}</dd>
    </div>
  );
}

/** 'Verify this draw': what was committed, what was revealed, and a recomputation in the browser. */
export function PoolVerify({ pool }: { pool: Pool }) {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<VerifyOutcome | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const draw = pool.draw;
  if (!draw) return null;
  const verify = async () => {
    setIsBusy(true);
    try {
      const { entries } = await queryClient.fetchQuery(rewardsQueries.entries(pool.id));
      setOutcome(verifyDraw(pool, entries));
    } catch (error) {
      setOutcome({ ok: false, text: `Could not verify: ${errorMessage(error)}` });
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <section aria-label="Verify this draw" className="flex flex-col gap-3">
      <h2 className="font-semibold text-zinc-50">Verify this draw</h2>
      <dl className="grid gap-2">
        <Field
          label="Seed hash (published when the pool was made)"
          value={pool.commitment.seedHash}
        />
        <Field label="Draw block" value={pool.commitment.drawBlock} />
        <Field label="Seed" value={draw.seed} />
        <Field label="Block hash" value={draw.blockHash} />
        <Field label="Entries hash" value={draw.entriesHash} />
      </dl>
      <Button className="self-start" disabled={isBusy} onClick={() => void verify()}>
        {isBusy ? 'Verifying…' : 'Recompute the draw'}
      </Button>
      {outcome ? (
        <p role="status" className={outcome.ok ? 'text-emerald-300' : 'text-red-300'}>
          {outcome.text}
        </p>
      ) : null}
    </section>
  );
}
