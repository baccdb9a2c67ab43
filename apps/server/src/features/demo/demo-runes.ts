import {
  addressToScript,
  buildRevealTransaction,
  bytesToBase64,
  bytesToHex,
  compressedPublicKey,
  encipherRunestone,
  inscriptionCommitAddress,
  parseSpacedRune,
  revealLeafScript,
  runeCommitment,
  signPsbtWithKey,
  xOnlyPublicKey,
  type KeyPathInput,
  type RuneId,
  type Runestone,
  type SpacedRune,
} from '@om/bitcoin';
import type { AppDeps } from '../../app-deps.ts';
import { btcToSats, type BitcoinRpc } from '../../chain/rpc.ts';
import type { RegtestFaucet } from '../../chain/regtest-faucet.ts';
import type { Db } from '../../db/create-db.ts';
import { readRunesTip } from '../../indexer/runes/runes-load.queries.ts';
import { prepareRuneSend, submitRuneSend } from '../runes/runes-send.service.ts';
import { readAddressRuneBalances, readRune } from '../runes/runes.queries.ts';
import type { DemoOwner } from './demo-owners.ts';

// REGTEST ONLY. The demo's rune (docs/product.md#runes): erin etches it with a premine and open
// mint terms, as ord's wallet does (a commit whose tapscript pushes the name's commitment, spent
// by script path once it is 6 blocks deep); alice, bob and carol mint it; erin sends some to dave
// through the send service the API uses. Each step looks at our runes index first, so a re-run
// does only what is missing.

export const DEMO_RUNE = 'REGTEST•ROCKS•RUNE';
const SYMBOL = '◈';
const DIVISIBILITY = 2;
/** 500,000.00 to erin. */
const PREMINE = 50_000_000n;
/** 1,000.00 per mint, 100 mints. */
const TERMS = { amount: 100_000n, cap: 100n } as const;
const MINTERS = ['alice', 'bob', 'carol', 'alice'] as const;
/** 12,345.67 from erin to dave. */
const SENT = { from: 'erin', to: 'dave', amount: 1_234_567n } as const;
/** 20,000.00 from erin to the rewards wallet, which the demo's rune raffle pays from. */
const TO_REWARDS = 2_000_000n;
/** ord's COMMIT_CONFIRMATIONS: the reveal's block is the commit's sixth. */
const COMMIT_CONFIRMATIONS = 6;
/** Sats on each rune-bearing output the demo makes. */
const RUNE_POSTAGE = 10_000n;
const FEE = 2_000n;
const SEND_FEE_RATE = 2;

export interface DemoRunesDeps {
  market: AppDeps;
  faucet: RegtestFaucet;
  owners: readonly DemoOwner[];
  /** The rewards wallet's address (the pools file's rune raffle pays from it). */
  rewardsAddress: string;
  /** Waits until the inscription and runes indexes hold the node's tip. */
  waitForIndexer: () => Promise<void>;
  signal?: AbortSignal;
}

export type DemoRunesResult =
  | { status: 'already-seeded' }
  | {
      status: 'seeded';
      rune: string;
      etched: boolean;
      minted: number;
      /** Whether dave and the rewards wallet were sent their runes in this run. */
      sent: boolean;
      funded: boolean;
    };

function demoSpacedRune(): SpacedRune {
  const parsed = parseSpacedRune(DEMO_RUNE);
  if ('error' in parsed) throw new Error(`demo: ${DEMO_RUNE} is not a rune name`);
  return parsed;
}

/** Etches, mints and sends what our runes index does not show yet. */
export async function seedDemoRunes(deps: DemoRunesDeps): Promise<DemoRunesResult> {
  const { market } = deps;
  const rpc = market.chain.rpc;
  if (!rpc) throw new Error('demo: runes need the regtest node');
  const owner = (name: string) => {
    const found = deps.owners.find((o) => o.name === name);
    if (!found) throw new Error(`demo: no owner ${name}`);
    return found;
  };
  const settle = async () => {
    deps.signal?.throwIfAborted();
    await deps.waitForIndexer();
  };
  await settle();
  const { rune } = demoSpacedRune();
  let entry = await readRune(market.db, { rune });
  const etched = entry === undefined;
  if (!entry) {
    await etch(deps, rpc, owner('erin'), settle);
    entry = await readRune(market.db, { rune });
    if (!entry) throw new Error(`demo: ${DEMO_RUNE} was not etched`);
  }
  const [block, tx] = entry.id.split(':').map(Number) as [number, number];
  const id = { block, tx };
  const toMint = MINTERS.slice(Number(entry.mints));
  if (toMint.length > 0) await mint(deps, rpc, id, toMint.map(owner), settle);
  const erin = owner(SENT.from);
  const send = (to: string, amount: bigint) =>
    sendUnlessHeld(deps, { runeId: entry.id, from: erin, to, amount }, settle);
  const sent = await send(owner(SENT.to).address, SENT.amount);
  const funded = await send(deps.rewardsAddress, TO_REWARDS);
  if (!etched && toMint.length === 0 && !sent && !funded) return { status: 'already-seeded' };
  return { status: 'seeded', rune: DEMO_RUNE, etched, minted: toMint.length, sent, funded };
}

/**
 * Waits until the runes index, which the app's follower runs after the inscription index, holds
 * the node's tip.
 */
export async function waitForRunesIndex(
  deps: { db: Db; rpc: BitcoinRpc },
  signal: AbortSignal | undefined,
): Promise<void> {
  const height = await deps.rpc.getBlockCount();
  const deadline = Date.now() + 60_000;
  while (((await readRunesTip(deps.db))?.height ?? -1) < height) {
    signal?.throwIfAborted();
    if (Date.now() > deadline) throw new Error(`demo: the runes index is short of ${height}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A faucet payment to `address` as a signable coin of `key` (found in the mempool). */
async function fundedCoin(
  faucet: RegtestFaucet,
  rpc: BitcoinRpc,
  address: string,
  value: bigint,
  privateKey: Uint8Array,
): Promise<KeyPathInput> {
  const txid = await faucet.fund(address, value);
  const tx = await rpc.call<{ vout: { value: number; scriptPubKey: { address?: string } }[] }>(
    'getrawtransaction',
    [txid, true],
  );
  const vout = tx.vout.findIndex((o) => o.scriptPubKey.address === address);
  const script = addressToScript(address, 'regtest');
  if (vout < 0 || !script) throw new Error(`demo: ${txid} pays nothing to ${address}`);
  return { txid, vout, value: btcToSats(tx.vout[vout]!.value), script, privateKey };
}

async function etch(
  deps: DemoRunesDeps,
  rpc: BitcoinRpc,
  erin: DemoOwner,
  settle: () => Promise<void>,
): Promise<void> {
  const spaced = demoSpacedRune();
  const commitment = runeCommitment(spaced.rune);
  // OP_FALSE OP_IF <commitment> OP_ENDIF after the key's OP_CHECKSIG: ord's etching envelope.
  const envelope = Uint8Array.of(0x00, 0x63, commitment.length, ...commitment, 0x68);
  const internalKey = xOnlyPublicKey(erin.privateKey);
  const leafScript = revealLeafScript(internalKey, [envelope]);
  const commit = inscriptionCommitAddress({ internalKey, leafScript, network: 'regtest' });
  const value = RUNE_POSTAGE + FEE;
  const coin = await fundedCoin(deps.faucet, rpc, commit.address, value, erin.privateKey);
  await deps.faucet.mine(COMMIT_CONFIRMATIONS - 1);
  const runestone: Runestone = {
    edicts: [],
    etching: {
      rune: spaced.rune,
      spacers: spaced.spacers,
      divisibility: DIVISIBILITY,
      symbol: SYMBOL,
      premine: PREMINE,
      terms: { ...TERMS, height: [undefined, undefined], offset: [undefined, undefined] },
      turbo: true,
    },
  };
  const reveal = buildRevealTransaction({
    inputs: [
      { txid: coin.txid, vout: coin.vout, value: coin.value, commit, privateKey: erin.privateKey },
    ],
    outputs: [
      { address: erin.address, value: RUNE_POSTAGE },
      { script: encipherRunestone(runestone), value: 0n },
    ],
    network: 'regtest',
  });
  await rpc.sendRawTransaction(reveal.hex);
  await deps.faucet.mine(1);
  await settle();
}

/** One mint per minter, each from a coin of their payment address to their taproot address. */
async function mint(
  deps: DemoRunesDeps,
  rpc: BitcoinRpc,
  id: RuneId,
  minters: readonly DemoOwner[],
  settle: () => Promise<void>,
): Promise<void> {
  const coins = [];
  for (const m of minters) {
    coins.push(
      await fundedCoin(deps.faucet, rpc, m.paymentAddress, RUNE_POSTAGE + FEE, m.privateKey),
    );
  }
  await deps.faucet.mine(1);
  const runestone = encipherRunestone({ edicts: [], mint: id });
  for (const [i, m] of minters.entries()) {
    const tx = buildRevealTransaction({
      inputs: [coins[i]!],
      outputs: [
        { address: m.address, value: RUNE_POSTAGE },
        { script: runestone, value: 0n },
      ],
      network: 'regtest',
    });
    await rpc.sendRawTransaction(tx.hex);
  }
  await deps.faucet.mine(1);
  await settle();
}

/**
 * Sends `amount` of the rune from `from` to `to` through the send service, as a wallet would;
 * false when `to` holds some already.
 */
async function sendUnlessHeld(
  deps: DemoRunesDeps,
  send: { runeId: string; from: DemoOwner; to: string; amount: bigint },
  settle: () => Promise<void>,
): Promise<boolean> {
  const { market } = deps;
  const { runeId, from, to } = send;
  const held = await readAddressRuneBalances(market.db, to);
  if (held.some((b) => b.runeId === runeId)) return false;
  await deps.faucet.fund(from.paymentAddress, 100_000n);
  await deps.faucet.mine(1);
  await settle();
  const prepared = await prepareRuneSend(market, from.address, {
    runeId,
    amount: send.amount.toString(),
    toAddress: to,
    feeRate: SEND_FEE_RATE,
    ordinalAddress: from.address,
    ordinalPublicKey: bytesToHex(xOnlyPublicKey(from.privateKey)),
    paymentAddress: from.paymentAddress,
    paymentPublicKey: bytesToHex(compressedPublicKey(from.privateKey)),
  });
  const signed = signPsbtWithKey(prepared.psbt, from.privateKey, {
    inputs: [...prepared.ordinalInputs, ...prepared.paymentInputs],
  });
  await submitRuneSend(market, from.address, {
    signedPsbt: bytesToBase64(signed),
    preparedToken: prepared.preparedToken,
  });
  await deps.faucet.mine(1);
  await settle();
  return true;
}
