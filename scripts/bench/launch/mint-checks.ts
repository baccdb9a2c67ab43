import { PublicLaunchpadSchema } from '@om/core';
import { sql } from 'kysely';
import type { BenchEnv } from './bench-env.ts';
import type { MintLaunch } from './launch-setup.ts';
import type { MintSummary } from './mint-summary.ts';
import { api, payloadOf } from './wallets.ts';

// After the minters stop: what the server, the node and the indexer say, against what the
// minters were told. Each check that does not hold is a failure named in plain words.

export interface MintState {
  broadcastRows: number;
  pageMinted: number;
  pageRemaining: number | null;
  /** Mint and setup transactions the minters were answered, and how many the mempool holds. */
  transactions: number;
  inMempool: number;
  blocksMined: number;
  /** Minted inscriptions the indexer shows at the ordinals address of the minter who minted them. */
  atMinters: number;
  failures: string[];
}

/** Bitcoin Core's default ancestor limit (-limitancestorcount): a chain of at most 25. */
const ANCESTOR_LIMIT = 25;
const MAX_BLOCKS = 10;

export async function checkMints(
  bench: BenchEnv,
  origin: string,
  launch: MintLaunch,
  summary: MintSummary,
): Promise<MintState> {
  const items = launch.inscriptionIds.length;
  const failures: string[] = [];
  const expect = (ok: boolean, failure: string) => {
    if (!ok) failures.push(failure);
  };
  const db = bench.deps.db.kysely;
  const rpc = bench.node.node.rpc;

  expect(
    summary.minted === items,
    `the minters were told ${summary.minted} items minted, not ${items}`,
  );
  for (const u of summary.unexpected) {
    failures.push(`${u.count} × ${u.call} answered ${u.status || 'no HTTP answer'}: ${u.error}`);
  }
  expect(
    summary.longestChain <= ANCESTOR_LIMIT,
    `a minter chained ${summary.longestChain} unconfirmed transactions (Core's limit: ${ANCESTOR_LIMIT})`,
  );

  const broadcast = await db
    .selectFrom('orderbook')
    .select(sql<string>`count(distinct inscription_id)`.as('n'))
    .where('phase_id', '=', launch.phaseId)
    .where('status', '=', 'broadcast')
    .executeTakeFirstOrThrow();
  const broadcastRows = Number(broadcast.n);
  expect(
    broadcastRows === items,
    `the orderbook has ${broadcastRows} broadcast mints, not ${items}`,
  );

  const page = PublicLaunchpadSchema.parse(
    payloadOf(await api(origin, 'GET', `/api/launchpad/by-slug/${launch.slug}`), 'by-slug'),
  );
  expect(page.minted === items, `the mint page shows ${page.minted} minted, not ${items}`);
  expect(
    page.remaining_inscriptions === 0,
    `the mint page shows ${page.remaining_inscriptions} remaining`,
  );

  const txids = summary.mints.flatMap((m) => (m.setupTxId ? [m.setupTxId, m.txId] : [m.txId]));
  const mempool = new Set(await rpc.getRawMempool());
  const inMempool = txids.filter((txid) => mempool.has(txid)).length;
  expect(
    inMempool === txids.length,
    `${txids.length - inMempool} mint transactions are not in the mempool`,
  );

  let blocksMined = 0;
  while ((await rpc.getRawMempool()).length > 0 && blocksMined < MAX_BLOCKS) {
    await bench.mine();
    blocksMined += 1;
  }
  expect(
    (await rpc.getRawMempool()).length === 0,
    `the mempool is not empty after ${MAX_BLOCKS} blocks`,
  );

  const minterOf = new Map<string, string>();
  for (const m of summary.mints) {
    const address = launch.minters[m.minter]?.ordinals.address ?? '';
    for (const id of m.ids) minterOf.set(id, address);
  }
  const located = minterOf.size
    ? await db
        .selectFrom('orderbook as o')
        .innerJoin('chain_inscriptions as c', 'c.inscription_id', 'o.inscription_id')
        .select(['o.id', 'c.address'])
        .where('o.id', 'in', [...minterOf.keys()])
        .execute()
    : [];
  const atMinters = located.filter((row) => row.address === minterOf.get(row.id)).length;
  expect(
    atMinters === items,
    `the indexer shows ${atMinters} of ${items} inscriptions at their minter's address`,
  );

  return {
    broadcastRows,
    pageMinted: page.minted,
    pageRemaining: page.remaining_inscriptions,
    transactions: txids.length,
    inMempool,
    blocksMined,
    atMinters,
    failures,
  };
}
