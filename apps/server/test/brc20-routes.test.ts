// The BRC-20 read API and OPI's hash paths on a small regtest token economy, on every test
// database (each answer must be the same on both): tokens searched, sorted and paged, a token,
// its holders and activity, an address's balances, transferables (confirmed, sending, pending
// from the mempool, never counted) and activity, and bad input refused with a message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockEventHash, cumulativeEventHash } from '../src/indexer/brc20/brc20-event-hash.ts';
import { readBlockEvents } from '../src/features/brc20/brc20.queries.ts';
import { refreshMempoolSpends } from '../src/indexer/mempool-spends.ts';
import { keyLock, spend } from './helpers/chain-builder.ts';
import { brc20Content, inscribeTo, mineBrc20, sendTo } from './helpers/brc20-scenario.ts';
import { ScenarioChain } from './helpers/scenario-chain.ts';

describe('BRC-20 API', () => {
  let chain: ScenarioChain;
  const alice = keyLock();
  const bob = keyLock();
  const carol = keyLock();
  let unusedId = '';
  let sendingId = '';
  let pendingId = '';

  async function json(url: string, status = 200) {
    const res = await chain.get(url);
    expect({ url, status: res.statusCode }).toEqual({ url, status });
    return res.json() as { success: boolean; payload: Record<string, unknown>; error?: string };
  }

  beforeAll(async () => {
    chain = await ScenarioChain.start();
    const deploys = [
      inscribeTo(chain, alice, { op: 'deploy', tick: 'AAAA', max: '1000', lim: '500' }),
      inscribeTo(chain, alice, { op: 'deploy', tick: 'abcd', max: '100', lim: '100', dec: '0' }),
      inscribeTo(chain, bob, { op: 'deploy', tick: 'zzzz', max: '21000000', lim: '1000' }),
    ];
    await mineBrc20(
      chain,
      deploys.map((d) => d.tx),
    );
    await mineBrc20(chain, [
      inscribeTo(chain, alice, { op: 'mint', tick: 'aaaa', amt: '500' }).tx,
      inscribeTo(chain, bob, { op: 'mint', tick: 'aaaa', amt: '250.25' }).tx,
      inscribeTo(chain, carol, { op: 'mint', tick: 'aaaa', amt: '1' }).tx,
      inscribeTo(chain, alice, { op: 'mint', tick: 'abcd', amt: '100' }).tx,
      inscribeTo(chain, bob, { op: 'mint', tick: 'zzzz', amt: '1000' }).tx,
    ]);
    const unused = inscribeTo(chain, alice, { op: 'transfer', tick: 'aaaa', amt: '100' });
    const sending = inscribeTo(chain, alice, { op: 'transfer', tick: 'AAAA', amt: '50' });
    const moved = inscribeTo(chain, alice, { op: 'transfer', tick: 'abcd', amt: '40' });
    unusedId = unused.id;
    sendingId = sending.id;
    await mineBrc20(chain, [unused.tx, sending.tx, moved.tx]);
    await mineBrc20(chain, [sendTo(moved.coin, bob)]);

    // In the mempool: alice's transferable moving to carol, and a new transfer-inscribe of bob's.
    const commit = chain.commitCoin(
      [brc20Content({ op: 'transfer', tick: 'zzzz', amt: '7' })],
      20_000n,
    );
    await mineBrc20(chain, []);
    const reveal = spend([commit], [{ lock: bob, value: 10_000n }]);
    pendingId = `${reveal.txid}i0`;
    const move = spend([sending.coin], [{ lock: carol, value: 5_000n }]);
    await chain.rpc.sendRawTransaction(reveal.hex);
    await chain.rpc.sendRawTransaction(move.hex);
    for (const db of chain.dbs()) await refreshMempoolSpends(db, chain.rpc);
  });
  afterAll(async () => {
    await chain?.stop();
  });

  it('lists tokens sorted by holders, minted share or deploy height, searched and paged', async () => {
    const ticks = async (query: string) => {
      const { payload } = await json(`/api/brc20/tokens${query}`);
      return [(payload.tokens as { tick: string }[]).map((t) => t.tick), payload.total];
    };
    expect(await ticks('')).toEqual([['aaaa', 'abcd', 'zzzz'], 3]);
    expect(await ticks('?sort=minted')).toEqual([['abcd', 'aaaa', 'zzzz'], 3]);
    expect(await ticks('?sort=minted&order=asc')).toEqual([['zzzz', 'aaaa', 'abcd'], 3]);
    expect(await ticks('?sort=deploy_height&order=asc&limit=2')).toEqual([['aaaa', 'abcd'], 3]);
    expect(await ticks('?sort=holders&limit=1&offset=1')).toEqual([['abcd'], 3]);
    expect(await ticks('?search=A')).toEqual([['aaaa', 'abcd'], 2]);
    expect(await ticks('?search=%25')).toEqual([[], 0]);
  });

  it('answers a token with its supply, progress and deploy, any casing of the tick', async () => {
    const { payload } = await json('/api/brc20/tokens/AaAa');
    expect(payload.token).toMatchObject({
      tick: 'aaaa',
      originalTick: 'AAAA',
      decimals: 18,
      maxSupply: '1000.000000000000000000',
      limitPerMint: '500.000000000000000000',
      mintedSupply: '751.250000000000000000',
      remainingSupply: '248.750000000000000000',
      mintProgress: '75.12',
      holders: 3,
      selfMint: false,
      deployerAddress: alice.address,
    });
    expect((payload.token as { deployTime: string }).deployTime).toMatch(/^\d{4}-/);
    const abcd = await json('/api/brc20/tokens/abcd');
    expect(abcd.payload.token).toMatchObject({ maxSupply: '100', mintProgress: '100.00' });
  });

  it('pages holders by balance, with the transferable part', async () => {
    const { payload } = await json('/api/brc20/tokens/aaaa/holders?limit=2');
    expect(payload.total).toBe(3);
    expect(payload.holders).toEqual([
      {
        address: alice.address,
        pkscript: expect.stringMatching(/^5120/),
        overall: '500.000000000000000000',
        available: '350.000000000000000000',
        transferable: '150.000000000000000000',
      },
      expect.objectContaining({ address: bob.address, overall: '250.250000000000000000' }),
    ]);
    const second = await json('/api/brc20/tokens/aaaa/holders?limit=2&offset=2');
    expect(second.payload.holders).toEqual([
      expect.objectContaining({ address: carol.address, overall: '1.000000000000000000' }),
    ]);
  });

  it('lists a token activity newest first and an address activity as sender or receiver', async () => {
    const { payload } = await json('/api/brc20/tokens/abcd/activity');
    expect(payload.total).toBe(4);
    expect(payload.events).toMatchObject([
      {
        type: 'transfer-transfer',
        fromAddress: alice.address,
        toAddress: bob.address,
        burned: false,
        amount: '40',
      },
      { type: 'transfer-inscribe', fromAddress: alice.address, amount: '40' },
      { type: 'mint-inscribe', fromAddress: alice.address, amount: '100' },
      { type: 'deploy-inscribe', fromAddress: alice.address, amount: null, toAddress: null },
    ]);
    const bobs = await json(`/api/brc20/balances/${bob.address}/activity?limit=3`);
    expect(bobs.payload.total).toBe(4);
    expect((bobs.payload.events as { type: string }[]).map((e) => e.type)).toEqual([
      'transfer-transfer',
      'mint-inscribe',
      'mint-inscribe',
    ]);
  });

  it("answers an address's balances; a mempool transfer-inscribe is pending, not counted", async () => {
    const alices = await json(`/api/brc20/balances/${alice.address}`);
    expect(alices.payload.balances).toEqual([
      {
        tick: 'aaaa',
        originalTick: 'AAAA',
        decimals: 18,
        overall: '500.000000000000000000',
        available: '350.000000000000000000',
        transferable: '150.000000000000000000',
        pendingTransferable: '0.000000000000000000',
      },
      expect.objectContaining({ tick: 'abcd', overall: '60', available: '60' }),
    ]);
    const bobs = await json(`/api/brc20/balances/${bob.address}`);
    expect(bobs.payload.balances).toContainEqual(
      expect.objectContaining({
        tick: 'zzzz',
        overall: '1000.000000000000000000',
        available: '1000.000000000000000000',
        pendingTransferable: '7.000000000000000000',
      }),
    );
  });

  it('lists transfer inscriptions: confirmed, sending (moving in the mempool), pending', async () => {
    const alices = await json(`/api/brc20/balances/${alice.address}/transferable`);
    expect(alices.payload.transferables).toEqual([
      expect.objectContaining({
        inscriptionId: unusedId,
        state: 'confirmed',
        amount: '100.000000000000000000',
      }),
      expect.objectContaining({ inscriptionId: sendingId, state: 'sending', originalTick: 'AAAA' }),
    ]);
    const filtered = await json(`/api/brc20/balances/${alice.address}/transferable?tick=ABCD`);
    expect(filtered.payload.transferables).toEqual([]);
    const bobs = await json(`/api/brc20/balances/${bob.address}/transferable`);
    expect(bobs.payload.transferables).toEqual([
      {
        inscriptionId: pendingId,
        tick: 'zzzz',
        originalTick: 'zzzz',
        amount: '7.000000000000000000',
        height: null,
        state: 'pending',
        outpoint: null,
      },
    ]);
  });

  it('serves OPI hashes at OPI paths, in OPI shape', async () => {
    const height = await chain.height();
    const res = await chain.get(`/v1/brc20/get_hash_of_all_activity?block_height=${height - 2}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { error: null; result: Record<string, unknown> };
    const [db] = chain.dbs();
    const events = await readBlockEvents(db!, height - 2);
    expect(events.length).toBeGreaterThan(0);
    expect(body.result.block_event_hash).toBe(blockEventHash(events));
    expect(body.result.block_height).toBe(height - 2);
    const previous = await chain.get(
      `/v1/brc20/get_hash_of_all_activity?block_height=${height - 3}`,
    );
    expect(body.result.cumulative_event_hash).toBe(
      cumulativeEventHash(
        (previous.json() as { result: { cumulative_event_hash: string } }).result
          .cumulative_event_hash,
        blockEventHash(events),
      ),
    );
    const ahead = await chain.get(`/v1/brc20/get_hash_of_all_activity?block_height=${height + 5}`);
    expect([ahead.statusCode, ahead.json()]).toEqual([
      400,
      { error: 'block not indexed yet', result: null },
    ]);
    const bad = await chain.get('/v1/brc20/get_hash_of_all_activity?block_height=-1');
    expect([bad.statusCode, bad.json()]).toEqual([
      400,
      { error: 'block_height must be a whole number', result: null },
    ]);
    const balances = await chain.get('/v1/brc20/get_hash_of_all_current_balances');
    expect(balances.json()).toEqual({
      error: null,
      result: {
        current_balances_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        indexer_version: expect.any(String),
        block_height: height,
      },
    });
  });

  it.each([
    ['/api/brc20/tokens/none', 404, 'Token none is not deployed'],
    ['/api/brc20/tokens/NoNe/holders', 404, 'Token NoNe is not deployed'],
    ['/api/brc20/tokens/abc', 400, 'tick must be 4 or 5 bytes long'],
    ['/api/brc20/tokens/abcdef/activity', 400, 'tick must be 4 or 5 bytes long'],
    ['/api/brc20/tokens?sort=price', 400, 'sort must be holders, minted or deploy_height'],
    ['/api/brc20/tokens?limit=0', 400, 'limit must be at least 1'],
    ['/api/brc20/tokens?limit=101', 400, 'limit must be at most 100'],
    ['/api/brc20/tokens/aaaa/holders?offset=-1', 400, 'offset must not be negative'],
    ['/api/brc20/balances/bc1notanaddress', 400, 'address: not a valid regtest address'],
    ['/api/brc20/balances/nope/transferable', 400, 'address: not a valid regtest address'],
    ['/api/brc20/balances/nope/activity', 400, 'address: not a valid regtest address'],
  ])('%s → %i %s', async (url, status, message) => {
    const body = await json(url, status);
    expect(body.success).toBe(false);
    expect(body.error).toBe(message);
  });
});
