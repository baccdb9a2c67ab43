import {
  formatBrc20Amount,
  parseBrc20Amount,
  type InscribeOrder as InscribeOrderWire,
} from '@om/core';
import type { AppDeps } from '../../app-deps.ts';
import { readTicker } from '../brc20/brc20.queries.ts';
import { brc20IndexedHeight, mintedAmounts } from './inscribe-brc20.queries.ts';
import type { InscribeFile, InscribeOrder } from './inscribe-orders.queries.ts';

// The order as OrdinalsBot's clients read it (the InscribeOrderSchema of @om/core). A BRC-20
// mint's status comes from the index's events once its reveal is mined: a mint-inscribe event
// for the inscription is 'valid' (or 'clipped' when it credited less than amt); mined without one
// is 'invalid'; before that 'pending'. An edition order answers in the same shape.

const PAID_STATES = new Set(['payment-seen', 'payment-confirmed', 'inscribing', 'completed']);

export async function toInscribeOrder(
  deps: Pick<AppDeps, 'chain' | 'db'>,
  order: InscribeOrder,
  files: readonly InscribeFile[],
): Promise<InscribeOrderWire> {
  const brc20 = order.brc20Tick
    ? await brc20Statuses(deps, order, files)
    : new Map<string, NonNullable<InscribeOrderWire['files'][number]['brc20']>>();
  return {
    id: order.id,
    state: order.state,
    orderType: order.orderType,
    charge: { address: order.chargeAddress, amount: order.amount.toString() },
    receiveAddress: order.receiveAddress,
    feeRate: order.feeRate,
    chainFee: order.chainFee.toString(),
    serviceFee: order.serviceFee.toString(),
    baseFee: '0',
    postage: order.postage.toString(),
    brc20:
      order.brc20Tick && order.brc20Amt
        ? { tick: order.brc20Tick, amt: order.brc20Amt, count: order.fileCount }
        : null,
    files:
      order.orderType === 'edition'
        ? editionFiles(order)
        : files.map((file) => {
            const inscriptionId = file.revealTxid ? `${file.revealTxid}i0` : null;
            return {
              name: file.name,
              type: file.contentType,
              inscriptionId,
              tx: order.commitTxid ? { commit: order.commitTxid, reveal: file.revealTxid } : null,
              brc20: order.brc20Tick
                ? (brc20.get(inscriptionId ?? '') ?? { status: 'pending', amount: null })
                : null,
            };
          }),
    paid: PAID_STATES.has(order.state),
    underpaid: order.refundReason === 'underpaid',
    expired: order.state === 'expired' || order.expiresAt.getTime() <= Date.now(),
    paymentTxid: order.paymentTxid,
    refund:
      order.refundTxid && order.refundAmount !== null
        ? { txid: order.refundTxid, amount: order.refundAmount.toString() }
        : null,
    error: order.error,
    createdAt: order.createdAt.getTime(),
    expiresAt: order.expiresAt.getTime(),
  };
}

/**
 * An edition order (ADR 011) has no files of its own: its one reveal inscribes file_count
 * delegates of the launch's original, `${reveal}i0` and on.
 */
function editionFiles(order: InscribeOrder): InscribeOrderWire['files'] {
  const reveal = order.revealTxid;
  return Array.from({ length: order.fileCount }, (_, i) => ({
    name: `edition-${i + 1}`,
    type: 'delegate',
    inscriptionId: reveal ? `${reveal}i${i}` : null,
    tx: order.commitTxid ? { commit: order.commitTxid, reveal } : null,
    brc20: null,
  }));
}

async function brc20Statuses(
  deps: Pick<AppDeps, 'chain' | 'db'>,
  order: InscribeOrder,
  files: readonly InscribeFile[],
): Promise<Map<string, NonNullable<InscribeOrderWire['files'][number]['brc20']>>> {
  const statuses = new Map<string, NonNullable<InscribeOrderWire['files'][number]['brc20']>>();
  const ids = files.flatMap((f) => (f.revealTxid ? [`${f.revealTxid}i0`] : []));
  if (ids.length === 0) return statuses;
  const ticker = await readTicker(deps.db, order.brc20Tick ?? '');
  const decimals = ticker?.decimals ?? 18;
  const amt = parseBrc20Amount(order.brc20Amt ?? '', decimals) ?? 0n;
  const minted = await mintedAmounts(deps.db, ids);
  const indexed = await brc20IndexedHeight(deps.db);
  for (const file of files) {
    if (!file.revealTxid) continue;
    const id = `${file.revealTxid}i0`;
    const amount = minted.get(id);
    if (amount !== undefined) {
      statuses.set(id, {
        status: amount < amt ? 'clipped' : 'valid',
        amount: formatBrc20Amount(amount, decimals),
      });
    } else if (await isIndexed(deps, file.revealTxid, indexed)) {
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
