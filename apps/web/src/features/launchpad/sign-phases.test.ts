import { newPhase, type LaunchpadInfo, type LaunchPhase, type PsbtBatch } from '@om/core';
import { describe, expect, it } from 'vitest';
import { launchInfoRefetchInterval } from './launch-info.queries.ts';
import {
  canGoToNextGroup,
  firstGroup,
  groupPhases,
  isGroupDone,
  nextGroup,
  phasesFromDraft,
  phasesFromLaunch,
  signatureCount,
  signButtonState,
  submitStateFor,
  type SignPhase,
} from './sign-phases.ts';

const batch = (
  id: string,
  kind: PsbtBatch['kind'],
  batchNumber: number,
  status: PsbtBatch['status'] = 'pending',
): PsbtBatch => ({
  id,
  kind,
  batch_number: batchNumber,
  status,
  phase_id: 'p1',
  inscription_count: 2,
});

function launchPhase(overrides: Partial<LaunchPhase>): LaunchPhase {
  return {
    id: 'p1',
    launchpad_id: 'l1',
    name: 'Whitelist Sale',
    phase_number: 1,
    start_date: 1_900_000_000,
    end_date: 1_900_003_600,
    status: 'pending',
    total_inscriptions: 2,
    remaining_inscriptions: 2,
    is_public: false,
    price: '20000',
    allocation: 2,
    psbts: [],
    ...overrides,
  };
}

const phase = (isPublic: boolean, status: SignPhase['status']): SignPhase => ({
  id: `${isPublic ? 'pub' : 'wl'}-${status}`,
  name: isPublic ? 'Public Sale' : 'Whitelist Sale',
  phaseNumber: 1,
  price: 1000n,
  isPublic,
  allocation: null,
  startDate: null,
  endDate: null,
  status,
  pendingPsbts: [],
});

describe('phasesFromLaunch', () => {
  it('orders phases by number and their pending batches deposits first', () => {
    const info: LaunchpadInfo = {
      id: 'l1',
      slug: 'rocks',
      status: 'pending_psbt_signature',
      total_inscriptions: 2,
      failed_reason: null,
      phases: [
        launchPhase({ id: 'p2', phase_number: 2, is_public: true, price: '30000', allocation: 5 }),
        launchPhase({
          psbts: [
            batch('listing-1', 'listing', 1),
            batch('signed', 'listing', 2, 'signed'),
            batch('deposit-0', 'deposit', 0),
          ],
        }),
      ],
    };
    const [wl, pub] = phasesFromLaunch(info);
    expect(wl?.pendingPsbts.map((b) => b.id)).toEqual(['deposit-0', 'listing-1']);
    expect(wl).toMatchObject({ phaseNumber: 1, price: 20_000n, allocation: 2 });
    // A public phase has no allocation: Unlimited.
    expect(pub).toMatchObject({ id: 'p2', isPublic: true, allocation: null, price: 30_000n });
  });
});

describe('phasesFromDraft', () => {
  it('shows every draft phase Pending, with its price and window', () => {
    const draft = {
      ...newPhase({}, () => 'a'),
      price: '0.0002',
      allocation: '3',
      startDate: '2030-01-01',
      startTime: '10:00',
      endDate: '2030-01-02',
      endTime: '10:00',
    };
    const [shown] = phasesFromDraft([draft]);
    expect(shown).toMatchObject({
      id: 'a',
      phaseNumber: 1,
      price: 20_000n,
      allocation: 3,
      status: 'pending',
      pendingPsbts: [],
      startDate: new Date(2030, 0, 1, 10, 0).getTime() / 1000,
    });
  });
});

describe('sign step rules', () => {
  it('asks for each inscription of the launch once, whatever the number of phases', () => {
    expect(signatureCount(2)).toBe(2);
  });

  it.each([
    [{ isSigning: true, hasLaunchpad: true }, 'pending', 'Signing...', true],
    [{ isSigning: false, hasLaunchpad: true }, 'active', 'Complete', true],
    [{ isSigning: false, hasLaunchpad: false }, 'pending', 'Pending', true],
    [{ isSigning: false, hasLaunchpad: true }, 'pending', 'Sign', false],
    [{ isSigning: false, hasLaunchpad: true }, 'signed', 'Complete', true],
  ] as const)('%o with status %s: %s, disabled %s', (flags, status, label, disabled) => {
    expect(signButtonState(status, flags)).toEqual({ label, disabled });
  });

  it('groups non-public phases as Whitelist and public ones as Public', () => {
    const groups = groupPhases([phase(false, 'active'), phase(true, 'pending')]);
    expect(groups.Whitelist.map((p) => p.id)).toEqual(['wl-active']);
    expect(groups.Public.map((p) => p.id)).toEqual(['pub-pending']);
    expect(groups.Other).toEqual([]);
    expect(firstGroup(groups)).toBe('Whitelist');
    expect(nextGroup(groups, 'Whitelist')).toBe('Public');
    expect(nextGroup(groups, 'Public')).toBeUndefined();
    expect(firstGroup(groupPhases([phase(true, 'pending')]))).toBe('Public');
  });

  it('opens the next group only when no phase of the current one is pending', () => {
    const pending = groupPhases([phase(false, 'pending'), phase(true, 'pending')]);
    expect(isGroupDone(pending.Whitelist)).toBe(false);
    expect(canGoToNextGroup(pending, 'Whitelist')).toBe(false);
    const signed = groupPhases([phase(false, 'signed'), phase(true, 'pending')]);
    expect(canGoToNextGroup(signed, 'Whitelist')).toBe(true);
    // The last group has nowhere to go.
    const done = groupPhases([phase(false, 'active'), phase(true, 'active')]);
    expect(canGoToNextGroup(done, 'Public')).toBe(false);
  });

  it.each([
    ['active', 'submit', 'submitted'],
    ['active', 'submitted', undefined],
    ['failed', 'submitting', 'failed'],
    ['pending_psbt_signature', 'submitting', 'submit'],
    ['pending_psbt_signature', 'submit', undefined],
    ['initializing', 'submitting', undefined],
    [undefined, 'submitting', undefined],
  ] as const)('status %s moves %s to %s', (status, current, next) => {
    expect(submitStateFor(status, current)).toBe(next);
  });

  it.each([
    [undefined, 8000],
    ['initializing', 8000],
    ['pending', 8000],
    ['pending_psbt_signature', false],
    ['active', false],
    ['failed', false],
  ] as const)('polls the launch every 8 s while %s: %s', (status, interval) => {
    expect(launchInfoRefetchInterval(status)).toBe(interval);
  });
});
