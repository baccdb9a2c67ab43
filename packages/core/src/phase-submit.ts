import { z } from 'zod';
import { isValidAddress, type BitcoinNetwork } from '@om/bitcoin';
import { parseAllowList, type AllowListEntry } from './allow-list.ts';
import { toUnixSeconds } from './date-input.ts';
import { phaseWindow, START_AFTER_PREVIOUS_END, type PhaseFormValues } from './phase-form.ts';
import { END_DATE_BEFORE_START } from './phase-rules.ts';
import { btcToSats, SatsSchema } from './units.ts';

// product.md#records, phase (submitted): name, price (sats), startDate and endDate (UTC seconds),
// isPublic; for non-public phases the allow list, and allocation when it is shared.
export const PHASES_MIN_SUBMITTED = 'There should be at least 1 phase.';
export const WHITELIST_EMPTY = 'Whitelist cannot be empty.';
export const ALLOCATION_GREATER_THAN_ONE = 'allocation should be greater than 1';

/** `price` is sats as a decimal string (JSON has no bigint). */
export type SubmittedPhase = {
  name: string;
  price: string;
  startDate: number;
  endDate: number;
  isPublic: boolean;
  allowList?: AllowListEntry[];
  allocation?: number;
};

/** A validated phase card as sent in the launchpad request. Throws on incomplete dates. */
export function toSubmittedPhase(phase: PhaseFormValues, network: BitcoinNetwork): SubmittedPhase {
  const { start, end } = phaseWindow(phase);
  if (!start || !end) throw new RangeError(`Phase "${phase.name}" has incomplete dates`);
  const submitted: SubmittedPhase = {
    name: phase.name.trim(),
    price: btcToSats(phase.price).toString(),
    startDate: toUnixSeconds(start),
    endDate: toUnixSeconds(end),
    isPublic: phase.isPublic,
  };
  if (phase.isPublic) return submitted;
  const { entries } = parseAllowList(phase.allowList, {
    network,
    isSameAllocation: phase.isSameAllocation,
    allocation: phase.allocation,
  });
  submitted.allowList = entries;
  if (phase.isSameAllocation) submitted.allocation = Number(phase.allocation) || 1;
  return submitted;
}

export function toSubmittedPhases(phases: readonly PhaseFormValues[], network: BitcoinNetwork) {
  return phases.map((phase) => toSubmittedPhase(phase, network));
}

const seconds = z.number().int().nonnegative();
const allocation = z.number().int(ALLOCATION_GREATER_THAN_ONE).min(1, ALLOCATION_GREATER_THAN_ONE);

/** The server's check of one submitted phase (price becomes bigint sats). */
export function submittedPhaseSchema(network: BitcoinNetwork) {
  return z
    .object({
      name: z.string().trim().min(1, 'Phase name is required.'),
      price: SatsSchema,
      startDate: seconds,
      endDate: seconds,
      isPublic: z.boolean(),
      allowList: z
        .array(
          z.object({
            address: z.string().refine((a) => isValidAddress(a, network), 'Invalid BTC address'),
            allocation,
          }),
        )
        .optional(),
      allocation: allocation.optional(),
    })
    .superRefine((phase, ctx) => {
      if (phase.endDate <= phase.startDate) {
        ctx.addIssue({ code: 'custom', message: END_DATE_BEFORE_START, path: ['endDate'] });
      }
      if (!phase.isPublic && (phase.allowList ?? []).length === 0) {
        ctx.addIssue({ code: 'custom', message: WHITELIST_EMPTY, path: ['allowList'] });
      }
    });
}

/** The submitted phase list: at least one, in order without overlap. */
export function submittedPhasesSchema(network: BitcoinNetwork) {
  return z
    .array(submittedPhaseSchema(network))
    .min(1, PHASES_MIN_SUBMITTED)
    .superRefine((phases, ctx) => {
      phases.forEach((phase, i) => {
        const previous = phases[i - 1];
        if (previous && phase.startDate < previous.endDate) {
          ctx.addIssue({
            code: 'custom',
            message: START_AFTER_PREVIOUS_END,
            path: [i, 'startDate'],
          });
        }
      });
    });
}
