import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { notify } from '../notifications/notifications.service.ts';
import { liveLaunchAudience } from './launch-live.queries.ts';

/**
 * A launch went live (product.md#spec-gaps, ADR 019: live at once, no approval first): everyone on
 * one of its phases' allow lists is told, in the transaction that made it live, once per launch.
 */
export async function notifyLaunchLive(
  trx: Transaction<Database>,
  launchpadId: string,
): Promise<number> {
  const launch = await liveLaunchAudience(trx, launchpadId);
  if (!launch) return 0;
  return notify(trx, {
    to: launch.addresses,
    type: 'launch_live',
    title: `${launch.name} is live`,
    body: 'You are on its allow list.',
    payload: { link: `/mint/${launch.slug}`, launchpadId, slug: launch.slug },
    dedupeKey: `launch_live:${launchpadId}`,
  });
}
