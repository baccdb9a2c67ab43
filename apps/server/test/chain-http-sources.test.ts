import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { CHAIN_UNAVAILABLE } from '../src/chain/sources/chain-errors.ts';
import { EsploraChainSource } from '../src/chain/sources/esplora-chain-source.ts';
import { OrdInscriptionSource } from '../src/chain/sources/ord-inscription-source.ts';
import { selectChainSource } from '../src/chain/sources/select-chain-source.ts';
import type { Db } from '../src/db/create-db.ts';
import { loadEnv } from '../src/env.ts';
import { AppError } from '../src/http/app-error.ts';
import { ChainEvents } from '../src/indexer/chain-events.ts';
import { startReplayServer, type ReplayServer } from './helpers/replay-server.ts';
import { createTestDb } from './helpers/test-app.ts';

// The addresses, txids and blocks of the recorded answers in test/fixtures/{esplora,ord}.
const ALICE = 'bc1pge2c84yw5cjee9fsnrwt3avnyss8w270v0khekyq37rjnwpl2npq23hplr';
const MINER = 'bc1qa36gc3kgzgpezqwq296awcvdhlme7ca4h47gre';
const DOWN = 'bc1pz55nvn5v6aek27rdwsndvv2c2uyd7l3kf949y8sacxaskx2aq4nsjyej5a';
const PAYMENT = '3ad7ceff561f44e4a9aa3422ba00f13acd1c2d2ac5c759246e903dcd8538be05';
const REVEAL = 'b84ee01cf6a04032fb519694e1081320f2c50c9d12709ff38093996f3f3cc0d4';
const PENDING = '34fdadca160e24783d644b11712251d41d312b2afd6a6c347e9c4f7525d9e8f2';
const UNKNOWN = 'ab'.repeat(32);
/** An output holding runes, as ord 0.20+ answers it (runes: spaced rune → pile). */
const RUNED = 'cd'.repeat(32);
const BLOCK = '000000000000000000021fd78abd8eeb16663490f67e12e8089c1bd908a56517';
const OLDER_BLOCK = '00000000000000000001b8065500ef107ef515e714fe3aff5da7035b57aae450';
const RAW_TX = '02000000000101' + 'ab'.repeat(60);
const RELAY_FEE_ERROR =
  'sendrawtransaction RPC error: {"code":-26,"message":"min relay fee not met, 100 < 141"}';

const esploraRoutes = {
  [`GET /api/address/${ALICE}/utxo`]: { fixture: 'esplora/address-utxo.json' },
  [`GET /api/address/${ALICE}/txs`]: { fixture: 'esplora/address-txs.json' },
  [`GET /api/address/${ALICE}`]: { fixture: 'esplora/address.json' },
  [`GET /api/address/${MINER}/txs`]: { fixture: 'esplora/tx-coinbase.json' },
  [`GET /api/address/${DOWN}/utxo`]: { status: 502, body: '<html>502 Bad Gateway</html>' },
  [`GET /api/address/${DOWN}/txs`]: { body: '<html>maintenance</html>' },
  [`GET /api/tx/${PAYMENT}/status`]: { fixture: 'esplora/tx-status-confirmed.json' },
  [`GET /api/tx/${PENDING}/status`]: { fixture: 'esplora/tx-status-unconfirmed.json' },
  [`GET /api/tx/${PENDING}/hex`]: { body: RAW_TX },
  // electrs answers any txid's status, known or not.
  [`GET /api/tx/${UNKNOWN}/status`]: { fixture: 'esplora/tx-status-unconfirmed.json' },
  'GET /api/blocks/tip/height': { body: '871234' },
  'GET /api/v1/fees/recommended': { fixture: 'esplora/fees-recommended.json' },
  'POST /api/tx': { body: PENDING },
};

const ordRoutes = {
  [`GET /output/${REVEAL}:0`]: { fixture: 'ord/output-inscribed.json' },
  [`GET /output/${PAYMENT}:0`]: { fixture: 'ord/output-cardinal.json' },
  [`GET /output/${PENDING}:1`]: { fixture: 'ord/output-unindexed.json' },
  [`GET /output/${RUNED}:0`]: {
    body: JSON.stringify({
      indexed: true,
      inscriptions: [],
      runes: { 'UNCOMMON•GOODS': { amount: 2000, divisibility: 0, symbol: '⧉' } },
      value: 10000,
    }),
  },
  [`GET /inscription/${REVEAL}i0`]: { fixture: 'ord/inscription.json' },
};

const confirmedAt = {
  confirmed: true,
  blockHeight: 871234,
  blockHash: BLOCK,
  blockTime: 1732101234,
};
const confirmedEarlier = {
  confirmed: true,
  blockHeight: 871102,
  blockHash: OLDER_BLOCK,
  blockTime: 1732023311,
};

async function expectAppError(promise: Promise<unknown>, code: string, message: string) {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect(err).toMatchObject({ code, message });
}

describe('EsploraChainSource and OrdInscriptionSource against recorded answers', () => {
  let esplora: ReplayServer;
  let ord: ReplayServer;
  let source: EsploraChainSource;
  let inscriptions: OrdInscriptionSource;

  beforeAll(async () => {
    esplora = await startReplayServer(esploraRoutes);
    ord = await startReplayServer(ordRoutes);
    inscriptions = new OrdInscriptionSource({ baseUrl: ord.url });
    source = new EsploraChainSource({ baseUrl: `${esplora.url}/api/`, inscriptions });
  });
  afterAll(async () => {
    await esplora.close();
    await ord.close();
  });

  it('parses /address/:address/utxo into bigint sats and statuses', async () => {
    expect(await source.addressUtxos(ALICE)).toEqual([
      { txid: PENDING, vout: 1, value: 25_000n, status: { confirmed: false } },
      { txid: PAYMENT, vout: 0, value: 125_000n, status: confirmedAt },
      { txid: REVEAL, vout: 0, value: 546n, status: confirmedEarlier },
    ]);
  });

  it('parses /address/:address/txs, mempool first, inputs without a witness included', async () => {
    const txs = await source.addressTxs(ALICE);
    expect(txs.map((tx) => [tx.txid, tx.status.confirmed, tx.fee])).toEqual([
      [PENDING, false, 1_000n],
      [PAYMENT, true, 3_500n],
      [REVEAL, true, 10_300n],
    ]);
    expect(txs[0]).toMatchObject({
      version: 2,
      locktime: 0,
      size: 222,
      weight: 561,
      vin: [
        {
          vout: 0,
          prevout: { address: MINER, value: 60_000n, scriptPubKey: expect.stringMatching(/^0014/) },
          sequence: 4294967293,
          isCoinbase: false,
        },
      ],
      vout: [
        { address: DOWN, value: 34_000n },
        { address: ALICE, value: 25_000n },
      ],
    });
    expect(txs[1]?.vin[0]).toMatchObject({ witness: [], prevout: { value: 140_000n } });
    expect(txs[2]?.vin[0]?.witness).toHaveLength(3);
    expect(txs[2]?.status).toEqual(confirmedEarlier);
  });

  it('reads a coinbase: no prevout, an OP_RETURN output without an address', async () => {
    const [coinbase] = await source.addressTxs(MINER);
    expect(coinbase?.vin[0]).toMatchObject({
      txid: '0'.repeat(64),
      vout: 0xffffffff,
      prevout: null,
      isCoinbase: true,
    });
    expect(coinbase?.vout[1]).toMatchObject({ address: null, value: 0n });
  });

  it.each([
    ['confirmed', PAYMENT, confirmedAt],
    ['in the mempool', PENDING, { confirmed: false }],
    ['unknown (electrs says unconfirmed, /tx/:txid/hex says 404)', UNKNOWN, null],
  ])('answers the status of a transaction %s', async (_, txid, status) => {
    expect(await source.txStatus(txid)).toEqual(status);
  });

  it('reads the tip height from text', async () => {
    expect(await source.tipHeight()).toBe(871234);
  });

  it("takes mempool.space's recommended fees as they are", async () => {
    expect(await source.recommendedFees()).toEqual({
      fastestFee: 12,
      halfHourFee: 9,
      hourFee: 7,
      economyFee: 3,
      minimumFee: 1,
    });
  });

  it('falls back to /fee-estimates (plain Esplora), rounding up', async () => {
    const plain = await startReplayServer({
      'GET /fee-estimates': { fixture: 'esplora/fee-estimates.json' },
    });
    try {
      const fees = await new EsploraChainSource({
        baseUrl: plain.url,
        inscriptions,
      }).recommendedFees();
      expect(fees).toEqual({
        fastestFee: 13,
        halfHourFee: 10,
        hourFee: 8,
        economyFee: 3,
        minimumFee: 2,
      });
    } finally {
      await plain.close();
    }
  });

  it('reads a balance from the chain and mempool stats', async () => {
    expect(await source.addressBalance(ALICE)).toEqual({
      confirmed: 125_546n,
      unconfirmed: 25_000n,
    });
  });

  it('broadcasts the raw hex as text and answers the txid', async () => {
    expect(await source.broadcast(RAW_TX)).toBe(PENDING);
    const post = esplora.requests.find((r) => r.method === 'POST');
    expect(post).toMatchObject({ url: '/api/tx', body: RAW_TX });
    expect(post?.headers['content-type']).toBe('text/plain');
  });

  it.each([
    ['the node error electrs relays', RELAY_FEE_ERROR, 'min relay fee not met, 100 < 141'],
    ['a plain-text reason', 'bad-txns-inputs-missingorspent\n', 'bad-txns-inputs-missingorspent'],
    ['an empty body', '', 'no reason given'],
  ])('maps a 400 from POST /tx with %s to a clear 400', async (_, body, reason) => {
    const server = await startReplayServer({ 'POST /tx': { status: 400, body } });
    try {
      const rejecting = new EsploraChainSource({ baseUrl: server.url, inscriptions });
      await expectAppError(
        rejecting.broadcast(RAW_TX),
        'INVALID_INPUT',
        `Transaction rejected: ${reason}`,
      );
    } finally {
      await server.close();
    }
  });

  it('maps a 5xx, an unexpected body and a refused connection to UNAVAILABLE', async () => {
    await expectAppError(source.addressUtxos(DOWN), 'UNAVAILABLE', CHAIN_UNAVAILABLE);
    await expectAppError(source.addressTxs(DOWN), 'UNAVAILABLE', CHAIN_UNAVAILABLE);
    const gone = await startReplayServer({});
    await gone.close();
    const refused = new EsploraChainSource({ baseUrl: gone.url, inscriptions });
    await expectAppError(refused.tipHeight(), 'UNAVAILABLE', CHAIN_UNAVAILABLE);
  });

  it('gives up after its timeout', async () => {
    const slow = await startReplayServer({
      'GET /blocks/tip/height': { body: '871234', delayMs: 2_000 },
    });
    try {
      const impatient = new EsploraChainSource({ baseUrl: slow.url, inscriptions, timeoutMs: 100 });
      const started = Date.now();
      await expectAppError(impatient.tipHeight(), 'UNAVAILABLE', CHAIN_UNAVAILABLE);
      expect(Date.now() - started).toBeLessThan(1_500);
    } finally {
      await slow.close();
    }
  });

  it("reads inscriptions on outputs from ord's /output, unknown when ord has not indexed it or it holds runes", async () => {
    const on = await inscriptions.inscriptionsOnOutputs([
      `${REVEAL}:0`,
      `${PAYMENT}:0`,
      `${PENDING}:1`,
      `${UNKNOWN}:0`,
      `${RUNED}:0`,
    ]);
    expect(on).toEqual(
      new Map([
        [`${REVEAL}:0`, [`${REVEAL}i0`]],
        [`${PAYMENT}:0`, []],
      ]),
    );
    expect(ord.requests.every((r) => r.headers.accept === 'application/json')).toBe(true);
  });

  it("reads an inscription's location from ord's /inscription", async () => {
    expect(await inscriptions.inscriptionLocation(`${REVEAL}i0`)).toEqual({
      inscriptionId: `${REVEAL}i0`,
      satpoint: `${REVEAL}:0:0`,
      address: ALICE,
      outputValue: 546n,
    });
    expect(await inscriptions.inscriptionLocation(`${UNKNOWN}i0`)).toBeNull();
  });
});

describe('the chain routes on mainnet over Esplora and ord', () => {
  let esplora: ReplayServer;
  let ord: ReplayServer;
  let db: Db;
  let app: FastifyInstance;

  beforeAll(async () => {
    esplora = await startReplayServer({
      ...esploraRoutes,
      'POST /api/tx': { status: 400, body: RELAY_FEE_ERROR },
    });
    ord = await startReplayServer(ordRoutes);
    const env = loadEnv({
      BITCOIN_NETWORK: 'mainnet',
      ESPLORA_URL: `${esplora.url}/api`,
      ORD_URL: ord.url,
      JWT_SECRET: 'x'.repeat(32),
      COSIGNER_SECRET: '22'.repeat(32),
      PLATFORM_FEE_ADDRESS: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent',
    });
    db = await createTestDb('pglite');
    const source = selectChainSource(env, { db });
    app = await buildApp({
      env,
      db,
      chain: { source, events: new ChainEvents() },
      jwtSecret: randomBytes(32),
      log: pino({ level: 'silent' }),
    });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    await esplora.close();
    await ord.close();
  });

  const get = (url: string) => app.inject({ method: 'GET', url });

  it('splits UTXOs: inscribed per ord, unindexed counted as inscribed, the rest cardinal', async () => {
    const res = await get(`/api/shared/address/${ALICE}/utxos`);
    expect(res.statusCode).toBe(200);
    expect(res.json().payload).toEqual({
      cardinal: [
        {
          txid: PAYMENT,
          vout: 0,
          value: '125000',
          status: {
            confirmed: true,
            block_height: 871234,
            block_hash: BLOCK,
            block_time: 1732101234,
          },
        },
      ],
      inscribed: [
        {
          txid: PENDING,
          vout: 1,
          value: '25000',
          status: { confirmed: false },
          inscriptionIds: [],
        },
        {
          txid: REVEAL,
          vout: 0,
          value: '546',
          status: {
            confirmed: true,
            block_height: 871102,
            block_hash: OLDER_BLOCK,
            block_time: 1732023311,
          },
          inscriptionIds: [`${REVEAL}i0`],
        },
      ],
    });
  });

  it("answers address transactions in Esplora's shape with sats as strings", async () => {
    const res = await get(`/api/shared/mempool/address/${ALICE}/txs`);
    expect(res.statusCode).toBe(200);
    const [pending] = res.json().payload;
    expect(pending).toEqual({
      txid: PENDING,
      version: 2,
      locktime: 0,
      vin: [
        {
          txid: '877a40b93843a1cc08399beca60c7b2846df6fb34cfaf89caf9b134b4e1927e1',
          vout: 0,
          prevout: {
            scriptpubkey: '0014ec748c46c812039101c05175d7618dbff79f63b5',
            scriptpubkey_address: MINER,
            value: '60000',
          },
          witness: [expect.stringMatching(/^3044/), expect.stringMatching(/^02/)],
          sequence: 4294967293,
          is_coinbase: false,
        },
      ],
      vout: [
        {
          scriptpubkey: '51201529364e8cd77365786d7426d631585708df7e36496a521e1dc1bb0b195d0567',
          scriptpubkey_address: DOWN,
          value: '34000',
        },
        {
          scriptpubkey: '5120465583d48ea6259c953098dcb8f5932420772bcf63ed7cd8808f8729b83f54c2',
          scriptpubkey_address: ALICE,
          value: '25000',
        },
      ],
      size: 222,
      weight: 561,
      fee: '1000',
      status: { confirmed: false },
    });
  });

  it('answers tip, status, fees, balance and health from Esplora', async () => {
    expect((await get('/api/shared/blocks/tip/height')).json().payload).toEqual({ height: 871234 });
    expect((await get(`/api/shared/tx/${PAYMENT}/status`)).json().payload).toEqual({
      confirmed: true,
      block_height: 871234,
      block_hash: BLOCK,
      block_time: 1732101234,
    });
    expect((await get('/api/shared/fees/recommended')).json().payload.fastestFee).toBe(12);
    expect((await get(`/api/shared/address/${ALICE}/balance`)).json().payload).toEqual({
      confirmed: '125546',
      unconfirmed: '25000',
    });
    expect((await get('/api/health')).json().payload.blockHeight).toBe(871234);
  });

  it.each([
    [
      'an unknown transaction',
      `/api/shared/tx/${UNKNOWN}/status`,
      404,
      `Transaction ${UNKNOWN} not found.`,
    ],
    ['a failing Esplora', `/api/shared/address/${DOWN}/utxos`, 503, CHAIN_UNAVAILABLE],
    [
      'a testnet address',
      '/api/shared/address/tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx/utxos',
      400,
      'address: not a valid mainnet address',
    ],
  ])('answers %s (%s) with %i and a clear error', async (_, url, status, message) => {
    const res = await get(url);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({
      success: false,
      error: message,
      errors: [{ msg: message }],
    });
  });

  it("answers a transaction Esplora's node rejects with a 400 naming the reason", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/shared/tx',
      payload: { hex: RAW_TX },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { msg: 'Transaction rejected: min relay fee not met, 100 < 141', path: 'hex' },
    ]);
  });
});
