import {
  buildInscriptionDeposit,
  buildListingPsbt,
  bytesToBase64,
  hexToBytes,
  scriptOfAddress,
  SELLER_SIGHASH,
  TradeError,
  type WalletUtxo,
} from '@om/bitcoin';
import { LAUNCH_BATCH_SIZE } from '@om/core';
import type { AppDeps } from '../../app-deps.ts';
import { startWorkerLoop, type WorkerLoop } from '../../chain/chain-worker.ts';
import type { BatchInputToSign } from '../../db/launchpad.tables.ts';
import { listingItemParams, type ListingTerms } from '../../trading/listed-item.ts';
import { makerFees } from '../../trading/maker-fees.ts';
import { cardinalCoins } from '../../trading/wallet-coins.ts';
import { findWalletOfKey } from '../../trading/multisig.queries.ts';
import { bitcoinWallet } from '../../trading/wallets.service.ts';
import {
  failLaunch,
  initializingLaunches,
  launchCatalogue,
  launchInscriptionsOf,
  savePreparedLaunch,
  type NewBatch,
  type NewLaunchListing,
} from './launch-batches.queries.ts';
import { findLaunch, phasesOf } from './launch-read.queries.ts';
import { dropStaleUnsignedLaunches } from './launch-abandon.service.ts';
import { whileLaunchLocked } from './launch-prepare.schedule.ts';

// The launch worker (ADR 010): turns an 'initializing' launch into the batches its creator signs.
// First the deposits that move the inscriptions into the creator's maker wallet, 100 a transaction,
// each paying its fee from the creator's payment address and chained on the previous one's change
// (their txids are known before signing: segwit); then, for every phase, listings of 100 inscriptions
// a PSBT over those maker wallet outputs, each input SIGHASH_SINGLE|ANYONECANPAY at the phase price.

/** Without a job queue the sweep is the only way: it looks every few seconds. */
const POLL_MS = 5_000;
/** With one, each launch's job prepares it; the sweep is a safety net behind the jobs. */
const SWEEP_MS = 60_000;
/** Launches left unsigned past their hold are dropped about this often (as auctions are). */
const CLEANUP_MS = 60_000;

/** Prepares one launch; a launch that cannot be prepared is 'failed' with the reason. */
export async function prepareLaunch(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  launchpadId: string,
): Promise<void> {
  try {
    const prepared = await buildLaunchBatches(deps, launchpadId);
    await savePreparedLaunch(deps.db, launchpadId, prepared);
  } catch (err) {
    if (!(err instanceof LaunchProblem) && !(err instanceof TradeError)) throw err;
    await failLaunch(deps.db, launchpadId, err.message);
  }
}

class LaunchProblem extends Error {}

async function buildLaunchBatches(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  launchpadId: string,
) {
  const { db, env } = deps;
  const network = env.BITCOIN_NETWORK;
  const launch = await findLaunch(db.kysely, launchpadId);
  if (!launch?.makerPaymentPublicKey || !launch.makerOrdinalAddress) {
    throw new LaunchProblem('The launch has no maker keys');
  }
  const wallet = await findWalletOfKey(db, 'maker', launch.makerPaymentPublicKey);
  if (!wallet) throw new LaunchProblem('The creator has no maker wallet');
  const [phases, items] = await Promise.all([
    phasesOf(db.kysely, launchpadId),
    launchInscriptionsOf(db.kysely, launchpadId),
  ]);
  const first = phases[0];
  if (!first) throw new LaunchProblem('The launch has no phase');
  const { feeRate } = launch;
  const paymentAddress = launch.makerPaymentAddress;
  const ordinalAddress = launch.makerOrdinalAddress;
  const ordinalKey = hexToBytes(launch.makerOrdinalPublicKey ?? '');
  const makerWallet = bitcoinWallet(wallet, network);

  // Deposits: everything not yet in the maker wallet, in the creator's order.
  const moving = items.filter((item) => !item.inMakerWallet);
  const moved = new Set(moving.map((item) => item.sourceOutpoint));
  let coins: WalletUtxo[] = (
    await cardinalCoins(deps.chain.source, paymentAddress, network)
  ).filter((coin) => !moved.has(`${coin.txid}:${coin.vout}`));
  const batches: NewBatch[] = [];
  const outpoints: { position: number; outpoint: string; value: bigint }[] = [];
  const ordinalScript = scriptOfAddress(ordinalAddress, network);
  for (let start = 0; start < moving.length; start += LAUNCH_BATCH_SIZE) {
    const chunk = moving.slice(start, start + LAUNCH_BATCH_SIZE);
    const built = buildInscriptionDeposit({
      inscriptionUtxos: chunk.map((item) => {
        const [txid = '', vout = '0'] = item.sourceOutpoint.split(':');
        return {
          txid,
          vout: Number(vout),
          value: item.outputValue,
          script: ordinalScript,
          publicKey: ordinalKey,
        };
      }),
      payment: {
        address: paymentAddress,
        publicKey: hexToBytes(wallet.userPublicKey),
        utxos: coins,
      },
      to: makerWallet,
      feeRate,
      network,
      maxFeeRate: env.MAX_FEE_RATE,
    });
    chunk.forEach((item, k) => {
      const output = built.deposited[k];
      if (output) {
        outpoints.push({
          position: item.position,
          outpoint: `${output.txid}:${output.vout}`,
          value: output.value,
        });
      }
    });
    coins = nextCoins(coins, built);
    const inscriptionInputs = new Set(built.layout.inscriptionIndices);
    batches.push({
      phaseId: first.id,
      batchNumber: batches.length,
      kind: 'deposit',
      psbt: bytesToBase64(built.psbt),
      txid: built.txid,
      layout: { ...built.layout, maxFeeRate: built.maxFeeRate },
      inputsToSign: built.layout.inputs.map((_, index) => ({
        index,
        address: inscriptionInputs.has(index) ? ordinalAddress : paymentAddress,
      })),
      items: [],
      inscriptionCount: chunk.length,
    });
  }
  const placed = new Map(outpoints.map((o) => [o.position, o]));
  const inWallet = items.map((item) => {
    const moved = placed.get(item.position);
    return {
      inscriptionId: item.inscriptionId,
      outpoint: moved?.outpoint ?? item.outpoint,
      outputValue: moved?.value ?? item.outputValue,
      inscriptionOffset: item.inscriptionOffset,
    };
  });

  // Listings: per phase, 100 a PSBT, the payout to the launch's "Creator BTC address"
  // (product.md#records sends it as makerPaymentAddress; here that field is the key's address,
  // which funds the deposits and signs), else to the payment address.
  const catalogue = await launchCatalogue(db.kysely, launch.collectionId);
  const payoutAddress = catalogue.creatorAddress ?? paymentAddress;
  for (const phase of phases) {
    const { price } = phase;
    const [fee = 0n] = await makerFees(deps, { ordinalAddress, paymentAddress }, [
      { price, slug: catalogue.slug, isZeroFee: catalogue.isZeroFee },
    ]);
    let batchNumber = phase.id === first.id ? batches.length : 0;
    for (let start = 0; start < inWallet.length; start += LAUNCH_BATCH_SIZE) {
      const chunk = inWallet.slice(start, start + LAUNCH_BATCH_SIZE);
      const terms = chunk.map((item): ListingTerms => ({
        outpoint: item.outpoint,
        outputValue: item.outputValue,
        inscriptionOffset: item.inscriptionOffset,
        makerOrdinalAddress: wallet.address,
        makerPaymentAddress: payoutAddress,
        makerPaymentPublicKey: wallet.userPublicKey,
        witnessScript: wallet.witnessScript,
        price,
        makerFee: fee,
      }));
      const built = buildListingPsbt({
        items: terms.map((t) => listingItemParams(t, network)),
        network,
      });
      // The rows reference their batch (psbt_batch_id, index_in_maker_psbt), which holds the PSBT:
      // confirm stores each row's own signature (maker_witness), the mint reads only that.
      const rows = chunk.map((item, index): NewLaunchListing => ({
        inscriptionId: item.inscriptionId,
        collectionId: launch.collectionId,
        phaseId: phase.id,
        index,
        price,
        outpoint: item.outpoint,
        outputValue: item.outputValue,
        inscriptionOffset: item.inscriptionOffset,
        makerFee: fee,
        makerPaymentAddress: payoutAddress,
        makerPaymentPublicKey: wallet.userPublicKey,
        makerOrdinalAddress: wallet.address,
        witnessScript: wallet.witnessScript,
      }));
      const inputsToSign: BatchInputToSign[] = chunk.map((_, index) => ({
        index,
        address: paymentAddress,
        sighash: SELLER_SIGHASH,
      }));
      batches.push({
        phaseId: phase.id,
        batchNumber: batchNumber++,
        kind: 'listing',
        psbt: bytesToBase64(built.psbt),
        txid: null,
        layout: null,
        inputsToSign,
        items: rows,
        inscriptionCount: chunk.length,
      });
    }
  }
  return { batches, outpoints };
}

/** The payment coins left after a deposit: its inputs spent, its change added (unconfirmed). */
function nextCoins(
  coins: readonly WalletUtxo[],
  deposit: { spent: readonly WalletUtxo[]; change: WalletUtxo | undefined },
): WalletUtxo[] {
  const spent = new Set(deposit.spent.map((coin) => `${coin.txid}:${coin.vout}`));
  const left = coins.filter((coin) => !spent.has(`${coin.txid}:${coin.vout}`));
  return deposit.change ? [...left, deposit.change] : left;
}

/**
 * The sweep: prepares launches still initializing that no job did (ADR 023), and drops launches
 * left unsigned. Every minute behind the jobs, every few seconds without a job queue (a `wake`
 * runs it at once, in the worker processes of a split deployment). Each launch is prepared under
 * its lock, which its job takes too: a launch the job holds is left to it. (Saving is conditional
 * on the launch still initializing besides.)
 */
export function startLaunchWorker(
  deps: Pick<AppDeps, 'chain' | 'cluster' | 'db' | 'env' | 'jobs' | 'log'>,
): WorkerLoop {
  let cleanedAt = 0;
  return startWorkerLoop(
    deps,
    'launch batches',
    async () => {
      if (Date.now() - cleanedAt >= CLEANUP_MS) {
        cleanedAt = Date.now();
        await dropStaleUnsignedLaunches(deps.db).catch((err: unknown) =>
          deps.log.error({ err }, 'launch worker: cannot drop launches left unsigned'),
        );
      }
      // Each launch on its own: one that fails unexpectedly (the node away, say) is logged and
      // retried on the next pass without holding up the others.
      const ids = await initializingLaunches(deps.db).catch((err: unknown) => {
        deps.log.error({ err }, 'launch worker: cannot read the queue');
        return [];
      });
      for (const id of ids) {
        await whileLaunchLocked(deps, id, () => prepareLaunch(deps, id)).catch((err: unknown) =>
          deps.log.error({ err, launchpadId: id }, 'launch worker: preparing failed'),
        );
      }
    },
    { triggers: [], pollMs: deps.jobs ? SWEEP_MS : POLL_MS },
  );
}
