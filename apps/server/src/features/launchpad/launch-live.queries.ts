import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';

/** Who is told that a launch went live: its slug, its collection's name, its allow lists. */
export async function liveLaunchAudience(
  trx: Transaction<Database>,
  launchpadId: string,
): Promise<{ slug: string; name: string; addresses: string[] } | undefined> {
  const launch = await trx
    .selectFrom('launchpads as l')
    .innerJoin('collections as c', 'c.id', 'l.collection_id')
    .select(['l.slug', 'c.name'])
    .where('l.id', '=', launchpadId)
    .executeTakeFirst();
  if (!launch) return undefined;
  const listed = await trx
    .selectFrom('phase_allow_list_entries as e')
    .innerJoin('launchpad_phases as p', 'p.id', 'e.phase_id')
    .select('e.address')
    .distinct()
    .where('p.launchpad_id', '=', launchpadId)
    .execute();
  return { slug: launch.slug, name: launch.name, addresses: listed.map((r) => r.address) };
}
