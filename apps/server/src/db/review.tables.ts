import type { Timestamp } from './column-types.ts';

// Kysely's view of the tables of one area: reviewers' decisions (ADR 019).
// How values cross the driver: database.ts.

/** 0030: a reviewer's decision on a submitted launch, edition, auction or collection (ADR 019). */
interface ReviewDecisionsTable {
  kind: 'launch' | 'edition' | 'auction' | 'collection';
  subject_id: string;
  decision: 'approved' | 'rejected';
  reason: string | null;
  reviewer_address: string;
  decided_at: Timestamp;
}

export interface ReviewTables {
  review_decisions: ReviewDecisionsTable;
}
