import { parseSpacedRune } from '@om/bitcoin';
import type { Rune, RuneBalancesPayload, RunePayload, RunesPayload, RuneSort } from '@om/core';
import type { Db } from '../../db/create-db.ts';
import { AppError } from '../../http/app-error.ts';
import { readAddressRuneBalances, listRunes, readRune, type RuneRead } from './runes.queries.ts';

export interface RunesDeps {
  db: Db;
}

const text = (v: bigint | undefined) => (v === undefined ? null : v.toString());

/** premine + mints × amount − burned: what was issued and is not burned. */
function circulatingSupply(r: Pick<RuneRead, 'premine' | 'mints' | 'burned' | 'terms'>) {
  return r.premine + r.mints * (r.terms?.amount ?? 0n) - r.burned;
}

function runeOf(r: RuneRead): Rune {
  return {
    id: r.id,
    name: r.spacedName,
    number: r.number,
    divisibility: r.divisibility,
    symbol: r.symbol ?? null,
    premine: r.premine.toString(),
    mints: r.mints.toString(),
    burned: r.burned.toString(),
    supply: circulatingSupply(r).toString(),
    holders: r.holders,
    turbo: r.turbo,
    terms: r.terms
      ? {
          amount: text(r.terms.amount),
          cap: text(r.terms.cap),
          heightStart: text(r.terms.height[0]),
          heightEnd: text(r.terms.height[1]),
          offsetStart: text(r.terms.offset[0]),
          offsetEnd: text(r.terms.offset[1]),
        }
      : null,
    etchingTxid: r.etching,
    etchingBlock: r.block,
    etchedAt: new Date(r.timestamp * 1000).toISOString(),
  };
}

/** Search letters: spacers and anything but A–Z dropped, upper-cased. */
function searchPrefix(search: string | undefined): string {
  return (search ?? '').toUpperCase().replace(/[^A-Z]/g, '');
}

export async function listRunesPage(
  { db }: RunesDeps,
  q: {
    search?: string | undefined;
    sort: RuneSort;
    order: 'asc' | 'desc';
    limit: number;
    offset: number;
  },
): Promise<RunesPayload> {
  const { runes, total } = await listRunes(db, { ...q, prefix: searchPrefix(q.search) });
  return { runes: runes.map(runeOf), total };
}

/** A rune by 'block:tx' or by name, spacers ('•' or '.') allowed. */
export async function getRune({ db }: RunesDeps, idOrName: string): Promise<RunePayload> {
  let rune: RuneRead | undefined;
  if (/^\d{1,10}:\d{1,10}$/.test(idOrName)) {
    const [block, tx] = idOrName.split(':').map(Number);
    rune = await readRune(db, { id: `${block}:${tx}` });
  } else {
    const parsed = parseSpacedRune(idOrName.toUpperCase());
    if (!('error' in parsed)) rune = await readRune(db, { rune: parsed.rune });
  }
  if (!rune) throw new AppError('NOT_FOUND', `Rune ${idOrName} is not etched`);
  return { rune: runeOf(rune) };
}

export async function addressRuneBalances(
  { db }: RunesDeps,
  address: string,
): Promise<RuneBalancesPayload> {
  const balances = await readAddressRuneBalances(db, address);
  return {
    balances: balances.map((b) => ({
      runeId: b.runeId,
      name: b.spacedName,
      symbol: b.symbol,
      divisibility: b.divisibility,
      amount: b.amount.toString(),
      outpoints: b.outpoints,
    })),
  };
}
