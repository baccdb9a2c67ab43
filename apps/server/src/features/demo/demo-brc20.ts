import {
  bytesToBase64,
  bytesToHex,
  compressedPublicKey,
  signPsbtWithKey,
  xOnlyPublicKey,
} from '@om/bitcoin';
import type { AppDeps } from '../../app-deps.ts';
import type { RegtestFaucet } from '../../chain/regtest-faucet.ts';
import { prepareBrc20Send, sendBrc20Transfer } from '../brc20/brc20-send.service.ts';
import { cardinalCoins } from '../../trading/wallet-coins.ts';
import type { DemoArtwork } from './demo-art.types.ts';
import { inscribeArtworks } from './demo-inscribe.ts';
import type { DemoOwner } from './demo-owners.ts';
import { findInscribedArtworks } from './demo.queries.ts';

// REGTEST ONLY. The demo's BRC-20 tokens (ADR 015): the product's utility token and two more are
// deployed, minted to the demo owners over a few blocks, and some of their balances are
// transfer-inscribed: some of those sent on (by the owner's key, through the send service the API
// uses), some left in flight. Each operation is its reveal's only envelope, on input 0 at offset
// 0 with no pointer, as OPI requires. Every body is distinct, so a re-run finds each operation by
// its exact bytes (as the artworks) and does only what is missing.

const CONTENT_TYPE = 'text/plain;charset=utf-8';
const FEE_RATE = 2;
/** Fee money for an owner who has no cardinal coin at the payment address yet. */
const SEND_FUNDING = 1_000_000n;

type OwnerName = DemoOwner['name'];
type Op = { key: string; owner: OwnerName; json: Record<string, string> };
type Send = { transfer: string; to: OwnerName };
export type DemoBrc20Plan = { stages: Op[][]; sends: Send[]; ticks: string[] };

/** The other two tokens: one with 8 decimals, one nearly minted out (9,500 of 10,000). */
const BLOK = { tick: 'blok', max: '2100000', lim: '5000', dec: '8' };
const MOON = { tick: 'moon', max: '10000', lim: '1000', dec: '0' };
const MOON_MINTS = ['1000', '995', '990', '985', '980', '975', '970', '965', '960', '680'];
const MINTERS: OwnerName[] = ['alice', 'bob', 'carol', 'dave', 'erin'];

/**
 * What the demo inscribes, stage by stage (a stage is one block of reveals, so that deploys
 * precede mints and mints precede the transfers spending them), and which transfers are sent.
 * `ticker` is the utility token (PRODUCT_TICKER); only a 4-byte one is deployed here (a 5-byte
 * ticker is self-mint, minted only with its deploy as parent).
 */
export function demoBrc20Plan(ticker: string): DemoBrc20Plan {
  const utility = Buffer.byteLength(ticker) === 4 ? ticker : undefined;
  const tokens = [
    ...(utility ? [{ tick: utility, max: '21000000', lim: '1000', dec: '18' }] : []),
    BLOK,
    MOON,
  ].filter(
    (t, i, all) => all.findIndex((u) => u.tick.toLowerCase() === t.tick.toLowerCase()) === i,
  );
  const op = (key: string, owner: OwnerName, json: Record<string, string>): Op => ({
    key: `brc20/${key}`,
    owner,
    json: { p: 'brc-20', ...json },
  });
  const deploys = tokens.map(({ tick, ...rest }) =>
    op(`deploy/${tick}`, 'erin', { op: 'deploy', tick, ...rest }),
  );
  const mint = (tick: string, owner: OwnerName, amt: string) =>
    op(`mint/${tick}/${owner}/${amt}`, owner, { op: 'mint', tick, amt });
  const transfer = (tick: string, owner: OwnerName, amt: string) =>
    op(`transfer/${tick}/${owner}/${amt}`, owner, { op: 'transfer', tick, amt });
  const has = (tick: string) => tokens.some((t) => t.tick === tick);

  const mints = [
    ...(utility
      ? [
          ...['1000', '900', '800'].map((amt) => mint(utility, 'alice', amt)),
          ...['950', '750'].map((amt) => mint(utility, 'bob', amt)),
          mint(utility, 'carol', '850'),
          mint(utility, 'dave', '500'),
          mint(utility, 'erin', '650'),
        ]
      : []),
    ...(has(BLOK.tick)
      ? [
          mint(BLOK.tick, 'alice', '2500.5'),
          mint(BLOK.tick, 'bob', '5000'),
          mint(BLOK.tick, 'carol', '1234.56789012'),
        ]
      : []),
    ...(has(MOON.tick)
      ? MOON_MINTS.map((amt, i) => mint(MOON.tick, MINTERS[i % MINTERS.length] as OwnerName, amt))
      : []),
  ];
  const transfers = [
    ...(utility ? [transfer(utility, 'alice', '500'), transfer(utility, 'bob', '250')] : []),
    ...(has(MOON.tick) ? [transfer(MOON.tick, 'carol', '600')] : []),
    ...(has(BLOK.tick) ? [transfer(BLOK.tick, 'alice', '100.5')] : []),
  ];
  const sends: Send[] = [
    ...(utility ? [{ transfer: `brc20/transfer/${utility}/alice/500`, to: 'bob' as const }] : []),
    ...(has(MOON.tick)
      ? [{ transfer: `brc20/transfer/${MOON.tick}/carol/600`, to: 'dave' as const }]
      : []),
  ];
  return { stages: [deploys, mints, transfers], sends, ticks: tokens.map((t) => t.tick) };
}

export function opArtwork(op: Op): DemoArtwork {
  const body = new TextEncoder().encode(JSON.stringify(op.json));
  return { key: op.key, contentType: CONTENT_TYPE, body };
}

export interface DemoBrc20Deps {
  market: AppDeps;
  faucet: RegtestFaucet;
  owners: readonly DemoOwner[];
  inscriberKey: Uint8Array;
  waitForIndexer: () => Promise<void>;
  signal?: AbortSignal;
}

export type DemoBrc20Result =
  | { status: 'already-seeded' }
  | { status: 'seeded'; ticks: string[]; inscribed: number; sent: number };

/** Inscribes what is missing, stage by stage, then sends the transfers still at their owner. */
export async function seedDemoBrc20(deps: DemoBrc20Deps): Promise<DemoBrc20Result> {
  const { market } = deps;
  if (!market.chain.rpc) throw new Error('demo: BRC-20 needs the regtest node');
  const plan = demoBrc20Plan(market.env.PRODUCT_TICKER);
  const ownerOf = (name: OwnerName) => {
    const owner = deps.owners.find((o) => o.name === name);
    if (!owner) throw new Error(`demo: no owner ${name}`);
    return owner;
  };
  const inscribeDeps = { db: market.db, rpc: market.chain.rpc, faucet: deps.faucet };
  // Reveals or sends of an interrupted run may still wait in the mempool: confirm them first.
  if ((await market.chain.rpc.getRawMempool()).length > 0) await deps.faucet.mine(1);
  await deps.waitForIndexer();
  let inscribed = 0;
  for (const stage of plan.stages) {
    deps.signal?.throwIfAborted();
    const found = await findInscribedArtworks(market.db, stage.map(opArtwork));
    const missing = stage.filter((op) => !found.has(op.key));
    if (missing.length === 0) continue;
    const toInscribe = missing.map((op) => ({
      artwork: opArtwork(op),
      owner: ownerOf(op.owner).address,
    }));
    await inscribeArtworks(inscribeDeps, toInscribe, deps.inscriberKey);
    await deps.waitForIndexer();
    inscribed += missing.length;
  }

  const transfers = plan.stages.at(-1) ?? [];
  const ids = await findInscribedArtworks(market.db, transfers.map(opArtwork));
  let sent = 0;
  for (const send of plan.sends) {
    deps.signal?.throwIfAborted();
    const op = transfers.find((t) => t.key === send.transfer);
    const id = ids.get(send.transfer);
    if (!op || !id) throw new Error(`demo: transfer ${send.transfer} is not inscribed`);
    const from = ownerOf(op.owner);
    const location = await market.chain.source.inscriptionLocation(id);
    if (location?.address !== from.address) continue;
    await sendTransfer(deps, from, id, ownerOf(send.to).address);
    sent += 1;
  }
  if (sent > 0) {
    await deps.faucet.mine(1);
    await deps.waitForIndexer();
  }
  if (inscribed === 0 && sent === 0) return { status: 'already-seeded' };
  return { status: 'seeded', ticks: plan.ticks, inscribed, sent };
}

/** The owner sends as a wallet would: prepare, sign with their key, send. */
async function sendTransfer(
  deps: DemoBrc20Deps,
  from: DemoOwner,
  inscriptionId: string,
  toAddress: string,
): Promise<void> {
  const { market } = deps;
  const network = market.env.BITCOIN_NETWORK;
  if ((await cardinalCoins(market.chain.source, from.paymentAddress, network)).length === 0) {
    await deps.faucet.fund(from.paymentAddress, SEND_FUNDING);
    await deps.faucet.mine(1);
    await deps.waitForIndexer();
  }
  const prepared = await prepareBrc20Send(market, {
    inscriptionId,
    toAddress,
    ordinalAddress: from.address,
    ordinalPublicKey: bytesToHex(xOnlyPublicKey(from.privateKey)),
    paymentAddress: from.paymentAddress,
    paymentPublicKey: bytesToHex(compressedPublicKey(from.privateKey)),
    feeRate: FEE_RATE,
  });
  const signed = signPsbtWithKey(prepared.psbt, from.privateKey, {
    inputs: [...prepared.ordinalInputs, ...prepared.paymentInputs],
  });
  await sendBrc20Transfer(market, { signedPsbt: bytesToBase64(signed) });
}
