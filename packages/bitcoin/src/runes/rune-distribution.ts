import { buildRevealTransaction, estimateRevealVsize } from '../inscriptions/inscribe.ts';
import type { KeyPathInput, RevealTransaction } from '../inscriptions/inscribe.ts';
import type { BitcoinNetwork } from '../networks.ts';
import { dustThreshold, feeFor } from '../psbt/fees.ts';
import { RUNE_OUTPUT_VALUE } from './rune-transfer.ts';
import { encipherRunestone } from './runestone.ts';
import type { Edict, RuneId } from './runestone.types.ts';

/** One rune an output holds, in base units. */
export type RuneHolding = { id: RuneId; amount: bigint };

/** A wallet output holding runes, spent by its key (every rune on it goes through the edicts or the pointer). */
export type RuneCarrier = KeyPathInput & { runes: readonly RuneHolding[] };

/** A winner: `amount` base units of rune `id` to the output script `script`. */
export type RunePayee = { script: Uint8Array; id: RuneId; amount: bigint };

export type RuneDistributionErrorCode =
  'no-payees' | 'zero-amount' | 'insufficient-runes' | 'dust-output' | 'insufficient-funds';

export class RuneDistributionError extends Error {
  override readonly name = 'RuneDistributionError';
  constructor(
    readonly code: RuneDistributionErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export type RuneDistribution = RevealTransaction & {
  /** The rune change output, the runestone's pointer. */
  runeChangeIndex: number;
};

const idText = (id: RuneId) => `${id.block}:${id.tx}`;

/**
 * One transaction paying runes to many (docs/product.md#runes): every carrier first, then the
 * wallet's cardinal `coins` (largest first, as few as pay the postage and fee; none may hold a rune
 * or an inscription). Output 0 the runestone, one edict `{ id, amount, output: i + 1 }` per payee;
 * outputs 1…n the payees at RUNE_OUTPUT_VALUE; output n + 1 the rune change (`runeChange`), named
 * by the runestone's pointer so the carriers' other runes and what is left of these are kept, not
 * burned; then the BTC change to `change` when not dust (else left to the fee). The fee is
 * feeFor(vsize, feeRate) exactly when there is change. Signed with each input's key.
 * Throws RuneDistributionError.
 */
export function buildRuneDistribution(params: {
  carriers: readonly RuneCarrier[];
  coins: readonly KeyPathInput[];
  payees: readonly RunePayee[];
  runeChange: Uint8Array;
  change: Uint8Array;
  feeRate: number;
  network: BitcoinNetwork;
}): RuneDistribution {
  const { carriers, payees, runeChange, change, feeRate, network } = params;
  checkPayees(payees, carriers, runeChange);
  const edicts: Edict[] = payees.map((p, i) => ({ id: p.id, amount: p.amount, output: i + 1 }));
  const runeChangeIndex = payees.length + 1;
  const outputs = [
    { script: encipherRunestone({ edicts, pointer: runeChangeIndex }), value: 0n },
    ...payees.map((p) => ({ script: p.script, value: RUNE_OUTPUT_VALUE })),
    { script: runeChange, value: RUNE_OUTPUT_VALUE },
  ];
  const postage = RUNE_OUTPUT_VALUE * BigInt(runeChangeIndex);
  const taken = new Set(carriers.map((c) => `${c.txid}:${c.vout}`));
  const coins = params.coins
    .filter((c) => !taken.has(`${c.txid}:${c.vout}`))
    .sort((a, b) => (b.value > a.value ? 1 : b.value < a.value ? -1 : 0));
  const selected: KeyPathInput[] = [...carriers];
  let total = carriers.reduce((sum, c) => sum + c.value, 0n);
  const changeMin = dustThreshold(change);
  for (let next = 0; next <= coins.length; next++) {
    const vsize = (withChange: boolean) =>
      estimateRevealVsize({
        inputs: selected,
        outputs: withChange ? [...outputs, { script: change, value: 0n }] : outputs,
        network,
      });
    const left = total - postage - feeFor(vsize(true), feeRate);
    if (left >= changeMin) {
      const all = [...outputs, { script: change, value: left }];
      return {
        ...buildRevealTransaction({ inputs: selected, outputs: all, network }),
        runeChangeIndex,
      };
    }
    if (total - postage >= feeFor(vsize(false), feeRate)) {
      return { ...buildRevealTransaction({ inputs: selected, outputs, network }), runeChangeIndex };
    }
    const coin = coins[next];
    if (!coin) break;
    selected.push(coin);
    total += coin.value;
  }
  throw new RuneDistributionError(
    'insufficient-funds',
    `The inputs hold ${total} sats; ${runeChangeIndex} rune outputs of ${RUNE_OUTPUT_VALUE} sats and the fee need more`,
  );
}

/** Every payee is paid something at a non-dust output, and the carriers hold every rune owed. */
function checkPayees(
  payees: readonly RunePayee[],
  carriers: readonly RuneCarrier[],
  runeChange: Uint8Array,
): void {
  if (payees.length === 0) throw new RuneDistributionError('no-payees', 'No winner to pay');
  for (const script of [...payees.map((p) => p.script), runeChange]) {
    if (RUNE_OUTPUT_VALUE < dustThreshold(script)) {
      throw new RuneDistributionError(
        'dust-output',
        `${RUNE_OUTPUT_VALUE} sats is dust for an output of this script`,
      );
    }
  }
  const owed = new Map<string, bigint>();
  for (const p of payees) {
    // An edict of 0 gives all that is left of the rune: never what a winner is owed.
    if (p.amount <= 0n) {
      throw new RuneDistributionError('zero-amount', `A payee of rune ${idText(p.id)} is owed 0`);
    }
    owed.set(idText(p.id), (owed.get(idText(p.id)) ?? 0n) + p.amount);
  }
  const held = new Map<string, bigint>();
  for (const rune of carriers.flatMap((c) => c.runes)) {
    held.set(idText(rune.id), (held.get(idText(rune.id)) ?? 0n) + rune.amount);
  }
  for (const [id, amount] of owed) {
    const has = held.get(id) ?? 0n;
    if (has < amount) {
      throw new RuneDistributionError(
        'insufficient-runes',
        `The inputs hold ${has} base units of rune ${id}, less than the ${amount} owed`,
      );
    }
  }
}
