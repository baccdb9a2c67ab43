import type { BitcoinNetwork } from '@om/bitcoin';
import {
  brc20TickByteLength,
  formatBrc20Amount,
  parseBrc20Amount,
  type Brc20Activity,
  type Brc20ActivityPayload,
  type Brc20BalancesPayload,
  type Brc20HoldersPayload,
  type Brc20Token,
  type Brc20TokensPayload,
  type Brc20Transferable,
  type Brc20TransferablesPayload,
} from '@om/core';
import type { Db } from '../../db/create-db.ts';
import { AppError, invalidInput } from '../../http/app-error.ts';
import { addressOf } from '../../indexer/brc20/brc20-follower.ts';
import {
  listTickers,
  readActivity,
  readAddressBalances,
  readAddressTransferables,
  readHolders,
  readMempoolTransfers,
  readTicker,
  type ActivityRead,
  type Brc20TickerRead,
  type TickerListQuery,
} from './brc20.queries.ts';

export interface Brc20Deps {
  db: Db;
  network: BitcoinNetwork;
}

type Page = { limit: number; offset: number };

/** A tick from a path: 4 or 5 UTF-8 bytes (OPI's lengths; 6-byte BRC2.0 ticks are not ours). */
function parseTick(tick: string): string {
  const length = brc20TickByteLength(tick);
  if (length !== 4 && length !== 5) throw invalidInput('tick must be 4 or 5 bytes long', 'tick');
  return tick.toLowerCase();
}

/** minted / max in percent with two decimals, rounded down ("37.50"). */
function mintProgress(minted: bigint, max: bigint): string {
  if (max === 0n) return '0.00';
  const basisPoints = (minted * 10_000n) / max;
  return `${basisPoints / 100n}.${String(basisPoints % 100n).padStart(2, '0')}`;
}

function tokenOf(t: Brc20TickerRead, network: BitcoinNetwork): Brc20Token {
  const amount = (v: bigint) => formatBrc20Amount(v, t.decimals);
  return {
    tick: t.tick,
    originalTick: t.originalTick,
    decimals: t.decimals,
    maxSupply: amount(t.maxSupply),
    limitPerMint: amount(t.limitPerMint),
    mintedSupply: amount(t.mintedSupply),
    burnedSupply: amount(t.burnedSupply),
    remainingSupply: amount(t.maxSupply - t.mintedSupply),
    mintProgress: mintProgress(t.mintedSupply, t.maxSupply),
    holders: t.holders,
    selfMint: t.selfMint,
    deployInscriptionId: t.deployInscriptionId,
    deployHeight: t.deployHeight,
    deployTime: t.deployTime?.toISOString() ?? null,
    deployerAddress: addressOf(t.deployerPkscript, network),
  };
}

export async function listTokens(
  { db, network }: Brc20Deps,
  query: TickerListQuery,
): Promise<Brc20TokensPayload> {
  const { tickers, total } = await listTickers(db, query);
  return { tokens: tickers.map((t) => tokenOf(t, network)), total };
}

async function deployed(db: Db, tick: string): Promise<Brc20TickerRead> {
  const ticker = await readTicker(db, parseTick(tick));
  if (!ticker) throw new AppError('NOT_FOUND', `Token ${tick} is not deployed`);
  return ticker;
}

export async function getToken({ db, network }: Brc20Deps, tick: string) {
  return { token: tokenOf(await deployed(db, tick), network) };
}

export async function tokenHolders(
  { db }: Brc20Deps,
  tick: string,
  page: Page,
): Promise<Brc20HoldersPayload> {
  const ticker = await deployed(db, tick);
  const { holders, total } = await readHolders(db, ticker.tick, page);
  const amount = (v: bigint) => formatBrc20Amount(v, ticker.decimals);
  return {
    holders: holders.map((h) => ({
      address: h.address,
      pkscript: h.pkscript,
      overall: amount(h.overall),
      available: amount(h.available),
      transferable: amount(h.overall - h.available),
    })),
    total,
  };
}

function activityOf(e: ActivityRead): Brc20Activity {
  return {
    type: e.type,
    inscriptionId: e.inscriptionId,
    tick: e.tick,
    originalTick: e.originalTick,
    fromAddress: e.address,
    toAddress: e.spentAddress,
    burned: e.spentPkscript === '6a',
    amount: e.amount === null ? null : formatBrc20Amount(e.amount, e.decimals),
    height: e.height,
    blockTime: e.blockTime.toISOString(),
  };
}

export async function tokenActivity(
  { db }: Brc20Deps,
  tick: string,
  page: Page,
): Promise<Brc20ActivityPayload> {
  const ticker = await deployed(db, tick);
  const { events, total } = await readActivity(db, { tick: ticker.tick }, page);
  return { events: events.map(activityOf), total };
}

export async function addressActivity(
  { db }: Brc20Deps,
  address: string,
  page: Page,
): Promise<Brc20ActivityPayload> {
  const { events, total } = await readActivity(db, { address }, page);
  return { events: events.map(activityOf), total };
}

/** Mempool transfer-inscribes of the address whose amount is valid for their ticker's decimals. */
async function pendingTransfers(db: Db, address: string, decimalsOf: Map<string, number>) {
  const pending = await readMempoolTransfers(db, address);
  return pending.flatMap((p) => {
    const decimals = decimalsOf.get(p.tick);
    const amount = decimals === undefined ? null : parseBrc20Amount(p.amount, decimals);
    return amount === null || amount === 0n ? [] : [{ ...p, amount, decimals: decimals! }];
  });
}

/** Confirmed balances; mempool transfer-inscribes only as `pendingTransferable`. */
export async function addressBalances(
  { db }: Brc20Deps,
  address: string,
): Promise<Brc20BalancesPayload> {
  const balances = await readAddressBalances(db, address);
  const decimalsOf = new Map(balances.map((b) => [b.ticker.tick, b.ticker.decimals]));
  const pending = await pendingTransfers(db, address, decimalsOf);
  return {
    address,
    balances: balances.map(({ ticker, overall, available }) => {
      const amount = (v: bigint) => formatBrc20Amount(v, ticker.decimals);
      const pendingSum = pending
        .filter((p) => p.tick === ticker.tick)
        .reduce((sum, p) => sum + p.amount, 0n);
      return {
        tick: ticker.tick,
        originalTick: ticker.originalTick,
        decimals: ticker.decimals,
        overall: amount(overall),
        available: amount(available),
        transferable: amount(overall - available),
        pendingTransferable: amount(pendingSum),
      };
    }),
  };
}

export async function addressTransferables(
  { db }: Brc20Deps,
  address: string,
  tick?: string,
): Promise<Brc20TransferablesPayload> {
  const lower = tick === undefined ? undefined : parseTick(tick);
  const confirmed = await readAddressTransferables(db, address, lower);
  const balances = await readAddressBalances(db, address);
  const decimalsOf = new Map(balances.map((b) => [b.ticker.tick, b.ticker.decimals]));
  const originalOf = new Map(balances.map((b) => [b.ticker.tick, b.ticker.originalTick]));
  const pending = (await pendingTransfers(db, address, decimalsOf)).filter(
    (p) => lower === undefined || p.tick === lower,
  );
  const transferables: Brc20Transferable[] = [
    ...confirmed.map((t) => ({
      inscriptionId: t.inscriptionId,
      tick: t.tick,
      originalTick: t.originalTick,
      amount: formatBrc20Amount(t.amount, t.decimals),
      height: t.height,
      state: t.isSending ? ('sending' as const) : ('confirmed' as const),
      outpoint: t.outpoint,
    })),
    ...pending.map((p) => ({
      inscriptionId: p.inscriptionId,
      tick: p.tick,
      originalTick: originalOf.get(p.tick) ?? p.tick,
      amount: formatBrc20Amount(p.amount, p.decimals),
      height: null,
      state: 'pending' as const,
      outpoint: null,
    })),
  ];
  return { address, transferables };
}
