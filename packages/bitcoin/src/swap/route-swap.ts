import { Transaction } from '@scure/btc-signer';
import type { BitcoinNetwork } from '../networks.ts';
import { scriptOfAddress, TRADE_TX_OPTIONS, type RawOutput } from '../psbt/codec.ts';
import {
  changeFloor,
  checkFeeRate,
  DEFAULT_MAX_FEE_RATE,
  estimateVsize,
  inputTypeOf,
  isDust,
} from '../psbt/fees.ts';
import { addressScript } from '../inscriptions/derived-keys.ts';
import { walletInputRole } from '../psbt/input-role.ts';
import { CHANGE_MIN } from '../psbt/purchase.ts';
import { selectUtxos } from '../psbt/select-utxos.ts';
import { TRADE_LOCKTIME, TRADE_TX_VERSION } from '../psbt/seller-signature.ts';
import { TradeError } from '../psbt/trade-error.ts';
import { builtTxid } from '../psbt/txid.ts';
import {
  checkDistinctOutpoints,
  checkWalletUtxos,
  knownKeySpendFields,
  psbtInput,
  spendTypeOfScript,
  type Utxo,
  type WalletUtxo,
} from '../psbt/utxo.ts';
import type { BuiltSwap, SwapInputRole, SwapSize } from './build-swap.ts';
import type { InscriptionCoin } from './swap-plan.ts';

// Tick ↔ tick in one transaction (ADR 017): the user's transfer inscription of the first
// tick goes whole to its pool (A), pool B's transfer inscription of the second tick goes whole to
// the user, and pool A pays pool B the BTC the first leg gave, the platform its parts and the
// network fee, its change last. Inputs: 0 the user's inscription, 1 pool B's, 2.. pool A's coins;
// outputs: 0 to pool A, 1 to the user, 2 to pool B, 3 the platform fee (unless dust), change.

const scriptOf = (address: string, network: BitcoinNetwork): Uint8Array =>
  addressScript(address, network) ?? scriptOfAddress(address, network);

export type RouteSwapTerms = {
  /** The user's transfer inscription (first tick), at offset 0 of its output. */
  inscription: InscriptionCoin;
  /** Pool B's transfer inscription (second tick), at offset 0 of an output at pool B's address. */
  poolInscription: InscriptionCoin;
  userOrdinalsAddress: string;
  /** Pool A: its key-path address and the cardinal coins that pay everything. */
  poolA: { address: string; utxos: readonly WalletUtxo[] };
  poolBAddress: string;
  /** Sats to pool B: the second leg's BTC in, less its platform part, plus its inscribing. */
  payB: bigint;
  /** Both legs' platform parts; left out below the dust threshold of its address (ADR 007). */
  platformFee: { address: string; value: bigint };
  feeRate: number;
  network: BitcoinNetwork;
  changeMin?: bigint;
  maxFeeRate?: number;
};

/** Pool A's key, pool B's key and the user's ordinals key (33-byte, or x-only for taproot). */
export type RouteSwapKeys = { keys: { user: Uint8Array; poolA: Uint8Array; poolB: Uint8Array } };

type RoutePlan = {
  funding: WalletUtxo[];
  outputs: RawOutput[];
  platformFee: bigint;
  changeIndex: number | undefined;
  fee: bigint;
  vsize: number;
  scripts: { user: Uint8Array; poolA: Uint8Array; poolB: Uint8Array };
};

function planRoute(terms: RouteSwapTerms): RoutePlan {
  const { inscription, poolInscription, network, feeRate } = terms;
  checkFeeRate(feeRate, terms.maxFeeRate ?? DEFAULT_MAX_FEE_RATE);
  const poolA = scriptOf(terms.poolA.address, network);
  const poolB = scriptOf(terms.poolBAddress, network);
  const user = scriptOf(terms.userOrdinalsAddress, network);
  for (const [coin, what, index] of [
    [inscription, 'The inscription', 0],
    [poolInscription, "Pool B's inscription", 1],
  ] as const) {
    if (coin.inscriptionOffset !== 0n) {
      throw new TradeError(
        'inscription-offset-out-of-range',
        `${what} sits at offset ${coin.inscriptionOffset} of its output; a swap takes only offset 0`,
        index,
      );
    }
  }
  const spends = [inscription.script, poolInscription.script, poolA].map((script) => {
    const spend = spendTypeOfScript(script);
    if (!spend) {
      throw new TradeError(
        'unsupported-payment-script',
        'An input is no P2TR, P2WPKH or P2SH-P2WPKH',
      );
    }
    return spend;
  });
  checkWalletUtxos(terms.poolA.utxos, { script: poolA }, 'inscribed-utxo-as-payment');
  checkDistinctOutpoints([inscription, poolInscription, ...terms.poolA.utxos]);
  if (isDust(poolB, terms.payB)) {
    throw new TradeError('dust-output', `${terms.payB} sats to pool B are dust`, 2);
  }
  const platform = scriptOf(terms.platformFee.address, network);
  const hasPlatformFee = !isDust(platform, terms.platformFee.value);
  const fixed: RawOutput[] = [
    { script: poolA, amount: inscription.value },
    { script: user, amount: poolInscription.value },
    { script: poolB, amount: terms.payB },
    ...(hasPlatformFee ? [{ script: platform, amount: terms.platformFee.value }] : []),
  ];
  const scripts = fixed.map((o) => o.script);
  const types = spends.map((spend) => inputTypeOf(spend));
  const need = terms.payB + (hasPlatformFee ? terms.platformFee.value : 0n);
  let selection;
  try {
    selection = selectUtxos({
      utxos: terms.poolA.utxos,
      need,
      feeRate,
      changeMin: changeFloor(terms.changeMin ?? CHANGE_MIN, poolA),
      vsize: (selected, withChange) =>
        estimateVsize(
          [types[0]!, types[1]!, ...selected.map(() => types[2]!)],
          withChange ? [...scripts, poolA] : scripts,
        ),
    });
  } catch (error) {
    if (!(error instanceof TradeError) || error.code !== 'insufficient-funds') throw error;
    throw new TradeError(
      'insufficient-funds',
      `Pool A's coins cannot pay the swap: ${error.message}`,
    );
  }
  const hasChange = selection.change > 0n;
  return {
    funding: selection.selected,
    outputs: hasChange ? [...fixed, { script: poolA, amount: selection.change }] : fixed,
    platformFee: hasPlatformFee ? terms.platformFee.value : 0n,
    changeIndex: hasChange ? fixed.length : undefined,
    fee: selection.fee,
    vsize: selection.vsize,
    scripts: { user, poolA, poolB },
  };
}

/** The size, fee and inputs of the route's transaction, before any key is known. */
export function routeSwapTxSize(terms: RouteSwapTerms): SwapSize {
  const plan = planRoute(terms);
  const coin = ({ txid, vout, value, script }: Utxo): Utxo => ({ txid, vout, value, script });
  return {
    vsize: plan.vsize,
    fee: plan.fee,
    platformFee: plan.platformFee,
    userInputs: [coin(terms.inscription)],
    poolInputs: [coin(terms.poolInscription), ...plan.funding.map(coin)],
  };
}

/**
 * The route's PSBT: the user signs input 0, pool B input 1 (`layout.routeInputs`), pool A inputs
 * 2.. (`layout.poolInputs`). Throws TradeError ('insufficient-funds' when pool A cannot pay).
 */
export function buildRouteSwapPsbt(terms: RouteSwapTerms & RouteSwapKeys): BuiltSwap {
  const plan = planRoute(terms);
  const tx = new Transaction({
    ...TRADE_TX_OPTIONS,
    version: TRADE_TX_VERSION,
    lockTime: TRADE_LOCKTIME,
  });
  tx.addInput(
    psbtInput(terms.inscription, knownKeySpendFields(terms.inscription.script, terms.keys.user)),
  );
  tx.addInput(
    psbtInput(
      terms.poolInscription,
      knownKeySpendFields(terms.poolInscription.script, terms.keys.poolB),
    ),
  );
  const funding = knownKeySpendFields(plan.scripts.poolA, terms.keys.poolA);
  for (const coin of plan.funding) tx.addInput(psbtInput(coin, funding));
  for (const output of plan.outputs) tx.addOutput(output);
  const spendOf = (script: Uint8Array) => spendTypeOfScript(script)!;
  const inputs: SwapInputRole[] = [
    {
      ...walletInputRole('inscription', 'seller', spendOf(terms.inscription.script)),
      party: 'user',
    },
    {
      ...walletInputRole('inscription', 'seller', spendOf(terms.poolInscription.script)),
      party: 'pool',
    },
    ...plan.funding.map(() => ({
      ...walletInputRole('payment', 'buyer', spendOf(plan.scripts.poolA)),
      party: 'pool' as const,
    })),
  ];
  return {
    psbt: tx.toPSBT(),
    txid: builtTxid(tx),
    vsize: plan.vsize,
    fee: plan.fee,
    feeRate: terms.feeRate,
    maxFeeRate: terms.maxFeeRate ?? DEFAULT_MAX_FEE_RATE,
    platformFee: plan.platformFee,
    layout: {
      inputs,
      userInputs: [0],
      poolInputs: plan.funding.map((_, i) => i + 2),
      routeInputs: [1],
      outputs: {
        inscription: 0,
        payment: 2,
        platformFee: plan.platformFee > 0n ? 3 : undefined,
        change: plan.changeIndex,
      },
    },
  };
}
