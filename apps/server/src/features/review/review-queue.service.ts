import type { AppDeps } from '../../app-deps.ts';
import {
  collectionItems,
  launchItems,
  phasesWithAllowLists,
  queuedAuctions,
  queuedCollections,
  queuedLaunches,
  type QueuedItem,
  type ReviewKind,
  type SubmissionCreator,
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
  creator: SubmissionCreator;
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
  const [items, phases, collectionRows] = await Promise.all([
    launchItems(db, launchIds),
    phasesWithAllowLists(db, launchIds),
    collectionItems(
      db,
      collections.map((c) => c.id),
    ),
  ]);
  const itemsOf = (rows: QueuedItem[], ownerId: string) =>
    rows.filter((i) => i.ownerId === ownerId).map((i) => ({ id: i.inscriptionId, name: i.name }));
  const phasesOf = (launchId: string): ReviewPhase[] =>
    phases
      .filter((p) => p.launchpadId === launchId)
      .map((p) => ({
        name: p.name,
        price: p.price.toString(),
        startDate: p.startDate,
        endDate: p.endDate,
        isPublic: p.isPublic,
        allocation: p.allocation,
        allowList: p.allowList,
      }));
  const fromLaunches = launches.map((l): ReviewItem => {
    const isEdition = l.type === 'editions';
    return {
      kind: isEdition ? 'edition' : 'launch',
      id: l.id,
      slug: l.slug,
      name: l.name,
      description: l.description,
      icon: l.icon,
      status: l.status,
      createdAt: l.createdAt.toISOString(),
      link: `/mint/${l.slug}`,
      creator: l.creator,
      items: isEdition
        ? [{ id: l.editionInscriptionId ?? '', name: 'Original' }]
        : itemsOf(items, l.id),
      totalItems: isEdition ? (l.numberOfEditions ?? 0) : l.totalInscriptions,
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
    createdAt: c.createdAt.toISOString(),
    link: `/collections/${c.slug}`,
    creator: c.creator,
    items: itemsOf(collectionRows, c.id),
    totalItems: c.totalItems,
    phases: [],
  }));
  const fromAuctions = auctions.map((a): ReviewItem => {
    const text = (key: string) => {
      const value = a.meta[key];
      return typeof value === 'string' ? value : null;
    };
    return {
      kind: 'auction',
      id: a.id,
      slug: a.slug,
      name: text('name') ?? a.slug,
      description: text('description'),
      icon: `/content/${a.inscriptionId}`,
      status: a.status,
      createdAt: a.createdAt.toISOString(),
      link: `/auction/${a.slug}`,
      creator: {
        name: text('creator_name'),
        email: text('creator_email'),
        btcAddress: text('creator_btc_address') ?? a.makerPaymentAddress,
        signInAddress: a.signInAddress,
      },
      items: [{ id: a.inscriptionId, name: null }],
      totalItems: 1,
      phases: [],
      auction: {
        startPrice: a.startPrice.toString(),
        reservePrice: a.reservePrice === null ? null : a.reservePrice.toString(),
        startDate: a.startDate.toISOString(),
        endDate: a.endDate.toISOString(),
      },
    };
  });
  return [...fromLaunches, ...fromCollections, ...fromAuctions].sort((a, b) =>
    a.createdAt.localeCompare(b.createdAt),
  );
}
