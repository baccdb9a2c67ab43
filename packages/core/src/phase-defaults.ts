import { DEFAULT_ALLOCATION } from './allow-list.ts';
import type { PhaseFormValues } from './phase-form.ts';

// product.md#records, #constants-and-limits: three default phases, two 'Whitelist Sale' (allow
// list) and one 'Public Sale' (public), each with allocation 1.
export const DEFAULT_PHASE_COUNT = 3;
export const WHITELIST_SALE = 'Whitelist Sale';
export const PUBLIC_SALE = 'Public Sale';

export type IdFactory = () => string;

type CryptoWithUuid = { crypto: { randomUUID(): string } };

/** crypto.randomUUID exists in browsers and Node 20; core's lib settings do not declare it. */
export function randomUuid(): string {
  return (globalThis as unknown as CryptoWithUuid).crypto.randomUUID();
}

/** A blank phase card; a new phase added with Add Phase uses this too. */
export function newPhase(
  options: { name?: string; isPublic?: boolean } = {},
  newId: IdFactory = randomUuid,
): PhaseFormValues {
  const isPublic = options.isPublic ?? false;
  return {
    uuid: newId(),
    name: options.name ?? (isPublic ? PUBLIC_SALE : WHITELIST_SALE),
    price: '',
    allocation: DEFAULT_ALLOCATION,
    startDate: '',
    endDate: '',
    startTime: '',
    endTime: '',
    isPublic,
    isSameAllocation: true,
    isFinished: false,
    allowList: '',
  };
}

/** The phases a new pre-inscribed launch starts with, each with a fresh uuid. */
export function defaultPhases(newId: IdFactory = randomUuid): PhaseFormValues[] {
  return [
    newPhase({ name: WHITELIST_SALE }, newId),
    newPhase({ name: WHITELIST_SALE }, newId),
    newPhase({ name: PUBLIC_SALE, isPublic: true }, newId),
  ];
}
