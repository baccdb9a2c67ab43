import type { AppDeps } from '../../app-deps.ts';
import {
  collectionItems,
  launchItems,
  phasesWithAllowLists,
  queuedAuctions,
  queuedCollections,
  queuedLaunches,
  type ReviewKind,
} from './review.queries.ts';

// GET /api/review/queue (ADR 019): what waits for a decision, with what a reviewer judges it by:
// its content (the first items, shown from /content), its creator, its phases and allow lists.

interface ReviewPhase {
  name: string;
  /** Sats, as a decimal string. */
  price: string;
  startDate: number;
  endDate: number | null;
  isPublic: boolean;
  allocation: number | null;
  allowList: { address: string; allocation: number }[];
}

export interface ReviewItem {
  kind: ReviewKind;
  id: string;
  slug: string;
  name: string;
  description: string | null;
  icon: string | null;
  status: string;
  createdAt: string;
  /** Its public page. */
  link: string;
  creator: {
    name: string | null;
    email: string | null;
    btcAddress: string | null;
    signInAddress: string | null;
  };
  /** The first inscriptions (an edition's original; an auction's item). */
  items: { id: string; name: string | null }[];
  totalItems: number;
  phases: ReviewPhase[];
  /** An auction's prices (sats) and dates. */
  auction?: { startPrice: string; reservePrice: string | null; startDate: string; endDate: string };
}

export async function reviewQueue(deps: Pick<AppDeps, 'db'>): Promise<ReviewItem[]> {
  const db = deps.db.kysely;
  const [launches, collections, auctions] = await Promise.all([
    queuedLaunches(db),
    queuedCollections(db),
    queuedAuctions(db),
  ]);
  const launchIds = launches.map((l) => l.id);
  const [items, { phases, entries }, collectionRows] = await Promise.all([
    launchItems(db, launchIds),
    phasesWithAllowLists(db, launchIds),
    collectionItems(
      db,
      collections.map((c) => c.id),
    ),
  ]);
  const phasesOf = (launchId: string): ReviewPhase[] =>
    phases
      .filter((p) => p.launchpad_id === launchId)
      .map((p) => ({
        name: p.name,
        price: p.price.toString(),
        startDate: Number(p.start_date),
        endDate: p.end_date === null ? null : Number(p.end_date),
        isPublic: p.is_public,
        allocation: p.allocation,
        allowList: entries
          .filter((e) => e.phase_id === p.id)
          .map((e) => ({ address: e.address, allocation: e.allocation })),
      }));
  const fromLaunches = launches.map((l): ReviewItem => {
    const isEdition = l.launchpad_type === 'editions';
    return {
      kind: isEdition ? 'edition' : 'launch',
      id: l.id,
      slug: l.slug,
      name: l.name,
      description: l.description,
      icon: l.icon,
      status: l.status,
      createdAt: l.created_at.toISOString(),
      link: `/mint/${l.slug}`,
      creator: creatorOf(l),
      items: isEdition
        ? [{ id: l.edition_inscription_id ?? '', name: 'Original' }]
        : items
            .filter((i) => i.launchpad_id === l.id)
            .map((i) => ({ id: i.inscription_id, name: i.name })),
      totalItems: isEdition ? (l.number_of_editions ?? 0) : l.total_inscriptions,
      phases: phasesOf(l.id),
    };
  });
  const fromCollections = collections.map((c): ReviewItem => ({
    kind: 'collection',
    id: c.id,
    slug: c.slug,
    name: c.name,
    description: c.description,
    icon: c.icon,
    status: 'under_review',
    createdAt: c.created_at.toISOString(),
    link: `/collections/${c.slug}`,
    creator: creatorOf(c),
    items: collectionRows
      .filter((i) => i.collection_id === c.id)
      .map((i) => ({ id: i.inscription_id, name: i.name })),
    totalItems: c.total,
    phases: [],
  }));
  const fromAuctions = auctions.map((a): ReviewItem => {
    const meta = (a.meta ?? {}) as Record<string, unknown>;
    const text = (key: string) => (typeof meta[key] === 'string' ? meta[key] : null);
    return {
      kind: 'auction',
      id: a.id,
      slug: a.slug,
      name: text('name') ?? a.slug,
      description: text('description'),
      icon: `/content/${a.inscription_id}`,
      status: a.status,
      createdAt: a.created_at.toISOString(),
      link: `/auction/${a.slug}`,
      creator: {
        name: text('creator_name'),
        email: text('creator_email'),
        btcAddress: text('creator_btc_address') ?? a.maker_payment_address,
        signInAddress: a.sign_in_address,
      },
      items: [{ id: a.inscription_id, name: null }],
      totalItems: 1,
      phases: [],
      auction: {
        startPrice: a.start_price.toString(),
        reservePrice: a.reserve_price === null ? null : a.reserve_price.toString(),
        startDate: a.start_date.toISOString(),
        endDate: a.end_date.toISOString(),
      },
    };
  });
  return [...fromLaunches, ...fromCollections, ...fromAuctions].sort((a, b) =>
    a.createdAt.localeCompare(b.createdAt),
  );
}

function creatorOf(row: {
  creator_name: string | null;
  creator_email: string | null;
  creator_btc_address: string | null;
  sign_in_address: string | null;
}): ReviewItem['creator'] {
  return {
    name: row.creator_name,
    email: row.creator_email,
    btcAddress: row.creator_btc_address,
    signInAddress: row.sign_in_address,
  };
}
