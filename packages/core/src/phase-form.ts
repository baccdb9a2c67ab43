import { z } from 'zod';
import type { BitcoinNetwork } from '@om/bitcoin';
import { parseAllowList } from './allow-list.ts';
import { combineDateTime } from './date-input.ts';
import { phaseDateIssues, phasePriceError, phaseAllocationError } from './phase-rules.ts';

// product.md#records (phase form fields) and product.md#validation (phase rules).
export const PHASES_REQUIRED = 'You must have at least one phase';
export const PHASE_NAME_REQUIRED = 'Phase name is required.';
export const PHASE_UUID_INVALID = 'Phase id must be a valid UUID.';
export const ALLOWLIST_EMPTY = 'Allowlist cannot be empty';
export const START_AFTER_PREVIOUS_END = "Start time must be after the previous phase's end time.";

/** Dates 'yyyy-MM-dd', times 'HH:mm'; price in BTC; the allow list as text. */
export type PhaseFormValues = {
  uuid: string;
  name: string;
  price: string | number;
  allocation: string | number;
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
  isPublic: boolean;
  isSameAllocation: boolean;
  isFinished: boolean;
  allowList: string;
};

// NaN is what a cleared number input gives; the rules report it as empty.
const amount = z.union([z.string(), z.number(), z.nan()]).nullish();

/** One phase card. Allocation and allow list apply to non-public phases only. */
export function phaseFormSchema(network: BitcoinNetwork) {
  return z
    .object({
      uuid: z.uuid(PHASE_UUID_INVALID),
      name: z.string({ error: PHASE_NAME_REQUIRED }).trim().min(1, PHASE_NAME_REQUIRED),
      price: amount,
      allocation: amount,
      startDate: z.string().optional(),
      endDate: z.string().optional(),
      startTime: z.string().optional(),
      endTime: z.string().optional(),
      isPublic: z.boolean().default(false),
      isSameAllocation: z.boolean().default(false),
      isFinished: z.boolean().default(false),
      allowList: z.string().default(''),
    })
    .superRefine((phase, ctx) => {
      const issue = (path: keyof PhaseFormValues, message: string) =>
        ctx.addIssue({ code: 'custom', message, path: [path] });
      const priceError = phasePriceError(phase.price);
      if (priceError) issue('price', priceError);
      for (const [path, message] of phaseDateIssues(phase)) issue(path, message);
      if (phase.isPublic) return;
      const allocationError = phaseAllocationError(phase.allocation);
      if (allocationError) issue('allocation', allocationError);
      if (phase.allowList.trim() === '') return issue('allowList', ALLOWLIST_EMPTY);
      const { errors } = parseAllowList(phase.allowList, {
        network,
        isSameAllocation: phase.isSameAllocation,
        allocation: phase.allocation ?? undefined,
      });
      for (const error of errors) issue('allowList', error.message);
    });
}

type PhaseDates = Partial<Pick<PhaseFormValues, 'startDate' | 'startTime' | 'endDate' | 'endTime'>>;

/** The start and end of a phase as dates, when its fields are complete. */
export function phaseWindow(phase: PhaseDates) {
  return {
    start: combineDateTime(phase.startDate ?? '', phase.startTime ?? ''),
    end: combineDateTime(phase.endDate ?? '', phase.endTime ?? ''),
  };
}

/** The phases step: at least one phase, and each starts no earlier than the previous ends. */
export function phasesFormSchema(network: BitcoinNetwork) {
  return z
    .array(phaseFormSchema(network))
    .min(1, PHASES_REQUIRED)
    .superRefine((phases, ctx) => {
      phases.forEach((phase, i) => {
        const previous = phases[i - 1];
        if (!previous) return;
        const { start } = phaseWindow(phase);
        const { end: previousEnd } = phaseWindow(previous);
        if (start && previousEnd && start < previousEnd) {
          ctx.addIssue({
            code: 'custom',
            message: START_AFTER_PREVIOUS_END,
            path: [i, 'startTime'],
          });
        }
      });
    });
}
