import { errorSavingOrder, OrderRecordSchema, type OrderRecordBody } from '@om/core';
import { toast } from 'sonner';
import { api } from '../../lib/api-client.ts';
import { describeError } from '../signing/flow-steps.ts';

/** Where an order record comes from (product.md#records orders store). */
export const ORDER_SOURCE = 'web';

/**
 * POST /api/orders after a trade went through. The trade stands either way, so a failure is only
 * reported: 'Error saving order: {id}'.
 */
export async function saveOrderRecords(records: readonly OrderRecordBody[]): Promise<void> {
  await Promise.all(
    records.map(async (record) => {
      try {
        await api.post('/api/orders', record, OrderRecordSchema);
      } catch (error) {
        toast.error(errorSavingOrder(record.orderId), { description: describeError(error) });
      }
    }),
  );
}
