import { Transaction } from '@scure/btc-signer';
import { equalBytes } from '../bytes.ts';
import type { BitcoinNetwork } from '../networks.ts';
import { scriptOfAddress, TRADE_TX_OPTIONS } from '../psbt/codec.ts';
import { DEFAULT_MAX_FEE_RATE } from '../psbt/fees.ts';
import { addressScript } from '../inscriptions/derived-keys.ts';
import { walletInputRole, type InputRole } from '../psbt/input-role.ts';
import { CHANGE_MIN } from '../psbt/purchase.ts';
import { TRADE_LOCKTIME, TRADE_TX_VERSION } from '../psbt/seller-signature.ts';
import { TradeError } from '../psbt/trade-error.ts';
import { builtTxid } from '../psbt/txid.ts';
import { knownKeySpendFields, psbtInput, type Utxo, type WalletUtxo } from '../psbt/utxo.ts';
import { planSwap, type InscriptionCoin, type SwapPlan, type SwapShape } from './swap-plan.ts';

// The swap's one transaction (ADR 017): the user signs their inputs ALL first, the pool
// (a platform key, taproot key path) signs its own last, the platform broadcasts.

/** scriptOfAddress (a TradeError for an address of another network), each address decoded once. */
const scriptOf = (address: string, network: BitcoinNetwork): Uint8Array =>
  addressScript(address, network) ?? scriptOfAddress(address, network);

export type { InscriptionCoin } from './swap-plan.ts';

/** An input's role, and whose it is: the user signs in their wallet, the pool on the server. */
export type SwapInputRole = InputRole & { party: 'user' | 'pool' };

type SwapCommon = {
  /** Left out below the dust threshold of its address (ADR 007). */
  platformFee: { address: string; value: bigint };
  feeRate: number;
  network: BitcoinNetwork;
  /** The least change worth an output (CHANGE_MIN, never below dust); less goes to the fee. */
  changeMin?: bigint;
  maxFeeRate?: number;
};

/** BRC-20 → BTC, without keys (what get_swap_psbt_txsize knows). */
export type SellSwapTerms = SwapCommon & {
  /** The user's transfer inscription, at offset 0 of its output; it goes whole to the pool. */
  inscription: InscriptionCoin;
  /** Where the user's BTC goes (their payment address). */
  userPaymentAddress: string;
  /** The pool's key-path address and its cardinal coins, which pay everything. */
  pool: { address: string; utxos: readonly WalletUtxo[] };
  /** Sats to the user: the quote already took the network and platform fees out of it. */
  receive: bigint;
};

/** BTC → BRC-20, without keys. */
export type BuySwapTerms = SwapCommon & {
  /** A transfer inscription of the pool, at offset 0 of an output at the pool's address. */
  inscription: InscriptionCoin;
  poolAddress: string;
  /** The user's payment coins and address (the change goes back there). */
  user: { paymentAddress: string; ordinalsAddress: string; utxos: readonly WalletUtxo[] };
  /** Sats to the pool; the user also pays the platform fee and the network fee. */
  pay: bigint;
};

/**
 * The keys that sign: for a sale the user's key is their ordinals key (the inscription's), for a
 * purchase their payment key. 33-byte compressed, or x-only for taproot.
 */
export type SwapKeys = { keys: { user: Uint8Array; pool: Uint8Array } };

export type SwapLayout = {
  inputs: SwapInputRole[];
  userInputs: number[];
  /** What the pool signs (on a route, pool A: the one that pays). */
  poolInputs: number[];
  /** On a route (tick ↔ tick, route-swap.ts): what pool B signs, its transfer inscription. */
  routeInputs?: number[];
  outputs: {
    /** The inscription, to the pool (sale) or to the user's ordinals address (purchase). */
    inscription: 0;
    /** BTC to the user (sale: `receive`) or to the pool (purchase: `pay`); a route's to pool B. */
    payment: 1 | 2;
    platformFee: 2 | 3 | undefined;
    /** The funder's change: the pool's on a sale, the user's on a purchase. */
    change: number | undefined;
  };
};

export type BuiltSwap = {
  psbt: Uint8Array;
  /** Known before signing (every input segwit). */
  txid: string;
  vsize: number;
  fee: bigint;
  feeRate: number;
  maxFeeRate: number;
  /** What the platform fee output holds: 0n when it was dust and left out. */
  platformFee: bigint;
  layout: SwapLayout;
};

export type SwapSize = {
  vsize: number;
  fee: bigint;
  platformFee: bigint;
  /** The coins the user signs: their inscription (sale) or the payment coins chosen (purchase). */
  userInputs: Utxo[];
  poolInputs: Utxo[];
};

/** The sale's transaction. Throws TradeError ('insufficient-funds' when the pool cannot pay). */
export function buildSellSwapPsbt(params: SellSwapTerms & SwapKeys): BuiltSwap {
  const shape = sellShape(params);
  return buildSwap(planSwap(shape), shape, params.keys.user, params.keys.pool);
}

/** The purchase's transaction. Throws TradeError ('insufficient-funds' when the user cannot pay). */
export function buildBuySwapPsbt(params: BuySwapTerms & SwapKeys): BuiltSwap {
  const shape = buyShape(params);
  return buildSwap(planSwap(shape), shape, params.keys.pool, params.keys.user);
}

/** The vsize, fee and inputs the build will have, from the same terms, before any key is known. */
export function swapTxSize(
  terms: ({ direction: 'sell' } & SellSwapTerms) | ({ direction: 'buy' } & BuySwapTerms),
): SwapSize {
  const isSell = terms.direction === 'sell';
  const plan = planSwap(isSell ? sellShape(terms) : buyShape(terms));
  const funding = plan.funding.map(({ txid, vout, value, script }) => ({
    txid,
    vout,
    value,
    script,
  }));
  const { txid, vout, value, script } = terms.inscription;
  const inscription = [{ txid, vout, value, script }];
  return {
    vsize: plan.vsize,
    fee: plan.fee,
    platformFee: plan.platformFee,
    userInputs: isSell ? inscription : funding,
    poolInputs: isSell ? funding : inscription,
  };
}

function sellShape(terms: SellSwapTerms): SwapShape {
  const poolScript = scriptOf(terms.pool.address, terms.network);
  return {
    ...common(terms),
    inscription: terms.inscription,
    inscriptionTo: poolScript,
    payment: {
      script: scriptOf(terms.userPaymentAddress, terms.network),
      amount: terms.receive,
    },
    funder: { party: 'pool', script: poolScript, utxos: terms.pool.utxos },
  };
}

function buyShape(terms: BuySwapTerms): SwapShape {
  const poolScript = scriptOf(terms.poolAddress, terms.network);
  if (!equalBytes(terms.inscription.script, poolScript)) {
    throw new TradeError('utxo-not-at-payment-address', "The inscription is not the pool's", 0);
  }
  return {
    ...common(terms),
    inscription: terms.inscription,
    inscriptionTo: scriptOf(terms.user.ordinalsAddress, terms.network),
    payment: { script: poolScript, amount: terms.pay },
    funder: {
      party: 'user',
      script: scriptOf(terms.user.paymentAddress, terms.network),
      utxos: terms.user.utxos,
    },
  };
}

function common(terms: SwapCommon) {
  return {
    platformFee: {
      script: scriptOf(terms.platformFee.address, terms.network),
      amount: terms.platformFee.value,
    },
    feeRate: terms.feeRate,
    maxFeeRate: terms.maxFeeRate ?? DEFAULT_MAX_FEE_RATE,
    changeMin: terms.changeMin ?? CHANGE_MIN,
  };
}

/** The PSBT of a plan: input 0 signed by `inscriptionKey`'s owner, inputs 1.. by the funder. */
function buildSwap(
  plan: SwapPlan,
  shape: SwapShape,
  inscriptionKey: Uint8Array,
  funderKey: Uint8Array,
): BuiltSwap {
  const funder = shape.funder.party;
  const owner = funder === 'pool' ? 'user' : 'pool';
  const tx = new Transaction({
    ...TRADE_TX_OPTIONS,
    version: TRADE_TX_VERSION,
    lockTime: TRADE_LOCKTIME,
  });
  tx.addInput(
    psbtInput(shape.inscription, knownKeySpendFields(shape.inscription.script, inscriptionKey)),
  );
  const funderFields = knownKeySpendFields(shape.funder.script, funderKey);
  for (const coin of plan.funding) tx.addInput(psbtInput(coin, funderFields));
  for (const output of plan.outputs) tx.addOutput(output);

  // The inscription's owner sells it ('seller'), the funder buys it ('buyer'), as in a purchase.
  const inputs: SwapInputRole[] = [
    { ...walletInputRole('inscription', 'seller', plan.inscriptionSpend), party: owner },
    ...plan.funding.map(() => ({
      ...walletInputRole('payment', 'buyer', plan.fundingSpend),
      party: funder,
    })),
  ];
  const indicesOf = (party: 'user' | 'pool') =>
    inputs.flatMap((role, i) => (role.party === party ? [i] : []));
  return {
    psbt: tx.toPSBT(),
    txid: builtTxid(tx),
    vsize: plan.vsize,
    fee: plan.fee,
    feeRate: shape.feeRate,
    maxFeeRate: shape.maxFeeRate,
    platformFee: plan.platformFee,
    layout: {
      inputs,
      userInputs: indicesOf('user'),
      poolInputs: indicesOf('pool'),
      outputs: {
        inscription: 0,
        payment: 1,
        platformFee: plan.platformFeeIndex === undefined ? undefined : 2,
        change: plan.changeIndex,
      },
    },
  };
}
