import { formatBrc20Amount, parseBrc20Amount, type InscribeOrder } from '@om/core';
import type { AppDeps } from '../../app-deps.ts';
import { readTicker } from '../brc20/brc20.queries.ts';
import { brc20IndexedHeight, mintedAmounts } from './inscribe-brc20.queries.ts';
import type { InscribeFileRow, InscribeOrderRow } from './inscribe-orders.queries.ts';

// The order as OrdinalsBot's clients read it (the InscribeOrderSchema of @om/core). A BRC-20
// mint's status comes from the index's events once its reveal is mined: a mint-inscribe event
// for the inscription is 'valid' (or 'clipped' when it credited less than amt); mined without one
// is 'invalid'; before that 'pending'. An edition order answers in the same shape.

const PAID_STATES = new Set(['payment-seen', 'payment-confirmed', 'inscribing', 'completed']);

export async function toInscribeOrder(
  deps: Pick<AppDeps, 'chain' | 'db'>,
  order: InscribeOrderRow,
  files: readonly InscribeFileRow[],
): Promise<InscribeOrder> {
  const brc20 = order.brc20_tick
    ? await brc20Statuses(deps, order, files)
    : new Map<string, NonNullable<InscribeOrder['files'][number]['brc20']>>();
  return {
    id: order.id,
    state: order.state,
    orderType: order.order_type,
    charge: { address: order.charge_address, amount: order.amount },
    receiveAddress: order.receive_address,
    feeRate: Number(order.fee_rate),
    chainFee: order.chain_fee,
    serviceFee: order.service_fee,
    baseFee: '0',
    postage: order.postage,
    brc20:
      order.brc20_tick && order.brc20_amt
        ? { tick: order.brc20_tick, amt: order.brc20_amt, count: order.file_count }
        : null,
    files:
      order.order_type === 'edition'
        ? editionFiles(order)
        : files.map((file) => {
            const inscriptionId = file.reveal_txid ? `${file.reveal_txid}i0` : null;
            return {
              name: file.name,
              type: file.content_type,
              inscriptionId,
              tx: order.commit_txid
                ? { commit: order.commit_txid, reveal: file.reveal_txid }
                : null,
              brc20: order.brc20_tick
                ? (brc20.get(inscriptionId ?? '') ?? { status: 'pending', amount: null })
                : null,
            };
          }),
    paid: PAID_STATES.has(order.state),
    underpaid: order.refund_reason === 'underpaid',
    expired: order.state === 'expired' || order.expires_at.getTime() <= Date.now(),
    paymentTxid: order.payment_txid,
    refund:
      order.refund_txid && order.refund_amount
        ? { txid: order.refund_txid, amount: order.refund_amount }
        : null,
    error: order.error,
    createdAt: order.created_at.getTime(),
    expiresAt: order.expires_at.getTime(),
  };
}

/**
 * An edition order (ADR 011) has no files of its own: its one reveal inscribes file_count
 * delegates of the launch's original, `${reveal}i0` and on.
 */
function editionFiles(order: InscribeOrderRow): InscribeOrder['files'] {
  const reveal = order.reveal_txid;
  return Array.from({ length: order.file_count }, (_, i) => ({
    name: `edition-${i + 1}`,
    type: 'delegate',
    inscriptionId: reveal ? `${reveal}i${i}` : null,
    tx: order.commit_txid ? { commit: order.commit_txid, reveal } : null,
    brc20: null,
  }));
}

async function brc20Statuses(
  deps: Pick<AppDeps, 'chain' | 'db'>,
  order: InscribeOrderRow,
  files: readonly InscribeFileRow[],
): Promise<Map<string, NonNullable<InscribeOrder['files'][number]['brc20']>>> {
  const statuses = new Map<string, NonNullable<InscribeOrder['files'][number]['brc20']>>();
  const ids = files.flatMap((f) => (f.reveal_txid ? [`${f.reveal_txid}i0`] : []));
  if (ids.length === 0) return statuses;
  const ticker = await readTicker(deps.db, order.brc20_tick ?? '');
  const decimals = ticker?.decimals ?? 18;
  const amt = parseBrc20Amount(order.brc20_amt ?? '', decimals) ?? 0n;
  const minted = await mintedAmounts(deps.db, ids);
  const indexed = await brc20IndexedHeight(deps.db);
  for (const file of files) {
    if (!file.reveal_txid) continue;
    const id = `${file.reveal_txid}i0`;
    const amount = minted.get(id);
    if (amount !== undefined) {
      statuses.set(id, {
        status: amount < amt ? 'clipped' : 'valid',
        amount: formatBrc20Amount(amount, decimals),
      });
    } else if (await isIndexed(deps, file.reveal_txid, indexed)) {
      statuses.set(id, { status: 'invalid', amount: null });
    }
  }
  return statuses;
}

/** Mined at or below the index's height: the index has had its chance to record the mint. */
async function isIndexed(
  deps: Pick<AppDeps, 'chain'>,
  txid: string,
  indexed: number,
): Promise<boolean> {
  const status = await deps.chain.source.txStatus(txid);
  return status?.blockHeight !== undefined && status.blockHeight <= indexed;
}
