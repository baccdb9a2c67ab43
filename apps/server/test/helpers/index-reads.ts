// Test only: what a scenario reads back, from every test database at once: the API's answers
// (which must be the same whichever database serves them) and the index's own counters and rows.
import { expect } from 'vitest';
import type { Db } from '../../src/db/create-db.ts';
import { readTip } from '../../src/indexer/chain-store.ts';
import type { ChainFollower } from '../../src/indexer/follow-chain.ts';
import type { IndexerCounters } from '../../src/indexer/indexer.types.ts';
import type { TestApp } from './test-app.ts';

export interface ScenarioIndex {
  t: TestApp;
  follower: ChainFollower;
}

export interface InscriptionDetails {
  inscriptionId: string;
  number: number;
  sequence: number;
  satpoint: string;
  address: string | null;
  outputValue: string;
  charms: string[];
  parents: string[];
  delegate: string | null;
  genesisHeight: number;
  genesisFee: string;
  contentType: string | null;
  contentLength: number;
  [field: string]: unknown;
}

export interface Transfer {
  txid: string;
  height: number;
  satpoint: string;
  address: string | null;
  outputValue: string;
}

export class IndexReads {
  constructor(protected readonly indexes: ScenarioIndex[]) {}

  dbs(): Db[] {
    return this.indexes.map(({ t }) => t.db);
  }

  /** One GET on every database's app; they must answer alike. */
  async get(url: string) {
    const [first, ...rest] = await Promise.all(
      this.indexes.map(({ t }) => t.app.inject({ method: 'GET', url })),
    );
    if (!first) throw new Error('no database');
    for (const other of rest) {
      expect({ status: other.statusCode, body: other.body }).toEqual({
        status: first.statusCode,
        body: first.body,
      });
    }
    return first;
  }

  async details(id: string): Promise<InscriptionDetails> {
    const res = await this.get(`/api/shared/inscriptions/details/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().payload as InscriptionDetails;
  }

  async exists(id: string): Promise<boolean> {
    const res = await this.get(`/api/shared/inscriptions/details/${id}`);
    expect([200, 404]).toContain(res.statusCode);
    return res.statusCode === 200;
  }

  /**
   * Where the index keeps an inscription, read from chain_inscriptions (for the cases the details
   * route cannot answer yet; see the lost-inscription test), equal on every database.
   */
  async stored(id: string) {
    const rows = await Promise.all(
      this.dbs().map(async (db) => {
        const row = await db.kysely
          .selectFrom('chain_inscriptions')
          .select(['number', 'txid', 'vout', 'sat_offset', 'address', 'output_value', 'charms'])
          .where('inscription_id', '=', id)
          .executeTakeFirstOrThrow();
        return {
          number: Number(row.number),
          satpoint: `${row.txid}:${row.vout}:${row.sat_offset}`,
          address: row.address,
          outputValue: row.output_value,
          charms: row.charms,
        };
      }),
    );
    for (const other of rows.slice(1)) expect(other).toEqual(rows[0]);
    return rows[0] as NonNullable<(typeof rows)[0]>;
  }

  /** The transfer history, newest first (the reveal last). */
  async transfers(id: string): Promise<Transfer[]> {
    const res = await this.get(`/api/shared/inscriptions/${id}/transfers`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().payload.transfers as Transfer[];
  }

  /** The running counters after the tip, equal on every database. */
  async counters(): Promise<IndexerCounters> {
    const [first, ...rest] = await Promise.all(
      this.dbs().map(async (db) => (await readTip(db))?.counters),
    );
    for (const other of rest) expect(other).toEqual(first);
    if (!first) throw new Error('nothing indexed');
    return first;
  }
}

/** "txid:vout:offset", as ord prints a satpoint. */
export function satpoint(txid: string, vout: number, offset: bigint | number = 0): string {
  return `${txid}:${vout}:${offset}`;
}

/** Where ord parks unbound inscriptions (unbound_outpoint) and lost ones (OutPoint::null). */
export const UNBOUND = `${'0'.repeat(64)}:0`;
export const LOST = `${'0'.repeat(64)}:${0xffff_ffff}`;
