import { brc20TickByteLength, parseBrc20Amount, type InscribeRequest } from '@om/core';
import type { Db } from '../../db/create-db.ts';
import { AppError, invalidInput } from '../../http/app-error.ts';
import { readTicker } from '../brc20/brc20.queries.ts';

// What an order inscribes (ADR 016): the request's files, or BRC-20 mints checked against our
// index first. A reveal must stay under the standard weight (400,000 WU): a file's body at most
// MAX_FILE_BYTES.

export const MAX_FILE_BYTES = 390_000;
const BRC20_MINT_TYPE = 'text/plain;charset=utf-8';

export type OrderFile = { name: string; contentType: string; body: Uint8Array };

export type Brc20Mint = { tick: string; amt: string; count: number };

/** The request's files decoded from their data URLs; 400 naming the file otherwise. */
export function decodeFiles(files: NonNullable<InscribeRequest['files']>): OrderFile[] {
  return files.map((file, i) => {
    const match = /^data:([^,]*?)(;base64)?,(.*)$/s.exec(file.dataURL);
    if (!match) throw invalidInput(`files.${i}.dataURL: not a data URL`, `files.${i}.dataURL`);
    const payload = match[3] ?? '';
    const body = match[2]
      ? Uint8Array.from(Buffer.from(payload, 'base64'))
      : new TextEncoder().encode(decodeURIComponent(payload));
    if (body.length === 0) {
      throw invalidInput(`files.${i}.dataURL: the file is empty`, `files.${i}.dataURL`);
    }
    if (body.length > MAX_FILE_BYTES) {
      throw invalidInput(
        `files.${i}.dataURL: the file is over ${MAX_FILE_BYTES} bytes`,
        `files.${i}.dataURL`,
      );
    }
    return { name: file.name, contentType: file.type, body };
  });
}

/** The content of one mint: OPI reads the tick case-insensitively, we write it as deployed. */
export function mintContent(tick: string, amt: string): string {
  return JSON.stringify({ p: 'brc-20', op: 'mint', tick, amt });
}

/**
 * `count` mints of `amt` if our index says they can all count: the tick deployed, not a 5-byte
 * self-mint tick (it needs the deploy as parent: not offered), amt a valid amount for its
 * decimals and at most its limit, and the supply left covering count × amt. 400 or 409 otherwise.
 */
export async function brc20MintFiles(
  db: Db,
  mint: Brc20Mint,
): Promise<{ files: OrderFile[]; tick: string }> {
  const ticker = await readTicker(db, mint.tick);
  if (!ticker) throw invalidInput(`brc20.tick: ${mint.tick} is not deployed`, 'brc20.tick');
  if (ticker.selfMint || brc20TickByteLength(ticker.originalTick) === 5) {
    throw invalidInput(
      `brc20.tick: ${ticker.originalTick} is a self-mint ticker: only its deployer can mint it`,
      'brc20.tick',
    );
  }
  const amount = parseBrc20Amount(mint.amt, ticker.decimals);
  if (amount === null || amount === 0n) {
    throw invalidInput(
      `brc20.amt: ${mint.amt} is not a valid amount of ${ticker.originalTick} (${ticker.decimals} decimals)`,
      'brc20.amt',
    );
  }
  if (amount > ticker.limitPerMint) {
    throw invalidInput(
      `brc20.amt: ${mint.amt} is above ${ticker.originalTick}'s limit per mint`,
      'brc20.amt',
    );
  }
  const left = ticker.maxSupply - ticker.mintedSupply;
  if (left < amount * BigInt(mint.count)) {
    throw new AppError(
      'CONFLICT',
      left <= 0n
        ? `${ticker.originalTick} is fully minted`
        : `Not enough ${ticker.originalTick} left to mint ${mint.count} × ${mint.amt}`,
    );
  }
  const body = new TextEncoder().encode(mintContent(ticker.originalTick, mint.amt));
  const files = Array.from({ length: mint.count }, (_, i) => ({
    name: `${ticker.originalTick}-mint-${i + 1}.txt`,
    contentType: BRC20_MINT_TYPE,
    body,
  }));
  return { files, tick: ticker.originalTick };
}
