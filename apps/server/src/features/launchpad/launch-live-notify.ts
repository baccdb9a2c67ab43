import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { notify } from '../notifications/notifications.service.ts';

/**
 * A launch went live (product.md#spec-gaps, ADR 019: live at once, no approval first): everyone on
 * one of its phases' allow lists is told, in the transaction that made it live, once per launch.
 */
export async function notifyLaunchLive(
  trx: Transaction<Database>,
  launchpadId: string,
): Promise<number> {
  const launch = await trx
    .selectFrom('launchpads as l')
    .innerJoin('collections as c', 'c.id', 'l.collection_id')
    .select(['l.slug', 'c.name'])
    .where('l.id', '=', launchpadId)
    .executeTakeFirst();
  if (!launch) return 0;
  const listed = await trx
    .selectFrom('phase_allow_list_entries as e')
    .innerJoin('launchpad_phases as p', 'p.id', 'e.phase_id')
    .select('e.address')
    .distinct()
    .where('p.launchpad_id', '=', launchpadId)
    .execute();
  return notify(trx, {
    to: listed.map((r) => r.address),
    type: 'launch_live',
    title: `${launch.name} is live`,
    body: 'You are on its allow list.',
    payload: { link: `/mint/${launch.slug}`, launchpadId, slug: launch.slug },
    dedupeKey: `launch_live:${launchpadId}`,
  });
}
