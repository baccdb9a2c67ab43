// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { SubmitState } from './launch-draft.ts';
import {
  areRequiredFieldsTouched,
  canGoPrevious,
  FLOW_STEPS,
  flowOf,
  lastStepTitle,
  newDraft,
  nextBlock,
  projectPath,
  resolveLaunchType,
  resolveStartChoice,
  sidebarState,
  startWizard,
  stepTitle,
  visitBlock,
  type Flow,
} from './wizard-steps.ts';

const titles = (flow: Flow) => FLOW_STEPS[flow].map((s) => s.title);
const LAUNCH_ID = '7d1f0c4e-8a4b-4c1e-9f3a-2b6d5e8c9a01';

describe('the step lists (product.md#wizard-screens)', () => {
  it.each<[Flow, string[]]>([
    [
      'pre-inscribe',
      [
        'Get Started',
        'Choose Launch Type',
        'Submit Information',
        'Choose Inscriptions',
        'Determine Phases',
        'Submit Project',
      ],
    ],
    [
      'edition',
      [
        'Get Started',
        'Choose Launch Type',
        'Submit Information',
        'Choose Original',
        'Submit Project',
      ],
    ],
    ['onboard', ['Get Started', 'Provide Details', 'Select Items', 'Finalize Submission']],
    [
      'auction',
      [
        'Get Started',
        'Choose Launch Type',
        'Launch Your Auction',
        'Auction Details',
        'Auction Format',
        'Submit Auction',
      ],
    ],
  ])('%s: %j', (flow, expected) => {
    expect(titles(flow)).toEqual(expected);
  });

  it.each([
    [{ start: 'create', type: 'pre-inscribe' }, 'pre-inscribe'],
    [{ start: 'create', type: 'edition' }, 'edition'],
    [{ start: 'create', type: 'auction' }, 'auction'],
    [{ start: 'create', type: 'inscribe' }, 'pre-inscribe'],
    [{ start: 'onboard', type: 'edition' }, 'onboard'],
  ] as const)('%j runs the %s flow', (draft, flow) => {
    expect(flowOf(draft)).toBe(flow);
  });
});

describe('choosing', () => {
  it.each([
    ['pre-inscribe', { value: 'pre-inscribe' }],
    ['edition', { value: 'edition' }],
    ['auction', { value: 'auction' }],
    ['inscribe', { value: 'pre-inscribe', error: 'Launchpad is not configured' }],
    ['mystery', { value: 'pre-inscribe', error: 'Launchpad is not configured' }],
  ])('the type "%s" gives %j', (value, expected) => {
    expect(resolveLaunchType(value)).toEqual(expected);
  });

  it.each([
    ['create', { value: 'create' }],
    ['onboard', { value: 'onboard' }],
    ['import', { value: 'create', error: 'Invalid start type' }],
  ])('the start "%s" gives %j', (value, expected) => {
    expect(resolveStartChoice(value)).toEqual(expected);
  });
});

describe('the last step title (product.md#wizard-screens)', () => {
  it.each<[SubmitState, string | undefined, string]>([
    ['submit', undefined, 'Submit'],
    ['submitting', undefined, 'Submitting'],
    ['submitted', undefined, 'View Collection'],
    ['submitted', 'Edition', 'View Edition'],
    ['failed', undefined, 'Submission Failed'],
  ])('%s (%s) reads "%s"', (state, type, title) => {
    expect(lastStepTitle(state, type)).toBe(title);
  });

  it('replaces only the last step title, with the flow’s project type', () => {
    const steps = FLOW_STEPS.edition;
    const draft = { ...newDraft(), type: 'edition' as const, submitState: 'submitted' as const };
    expect(stepTitle(steps, 3, draft)).toBe('Choose Original');
    expect(stepTitle(steps, 4, draft)).toBe('View Edition');
  });
});

describe('Previous, Next and the sidebar (product.md#wizard-screens)', () => {
  const steps = FLOW_STEPS['pre-inscribe'];

  it('disables Previous on step 0 only', () => {
    expect([0, 1, 5].map(canGoPrevious)).toEqual([false, true, true]);
  });

  it.each([
    [0, false, true, 'invalid'],
    [0, true, false, 'no-wallet'],
    [0, true, true, undefined],
    // Submit Information is a form: it can be filled in before connecting.
    [2, true, false, undefined],
    [3, true, false, 'no-wallet'],
    [5, true, true, 'last-step'],
  ])('step %i, valid %s, wallet %s: %s', (current, isStepValid, isWalletConnected, block) => {
    expect(nextBlock({ steps, current, isStepValid, isWalletConnected })).toBe(block);
  });

  it('marks the last step completed once the project is submitted', () => {
    expect([0, 1, 2, 3].map((i) => sidebarState(i, 3, true))).toEqual([
      'completed',
      'completed',
      'completed',
      'completed',
    ]);
  });

  it('marks passed steps completed and the ones ahead upcoming', () => {
    expect([0, 1, 2, 3].map((i) => sidebarState(i, 2))).toEqual([
      'completed',
      'completed',
      'current',
      'upcoming',
    ]);
  });

  it.each([
    [1, 3, true, undefined],
    [1, 3, false, 'no-wallet'],
    [3, 3, false, undefined],
    [4, 3, true, 'upcoming'],
  ])('opening step %i from %i (wallet %s): %s', (target, current, wallet, block) => {
    expect(visitBlock(target, current, wallet)).toBe(block);
  });

  it('counts a required field touched, or filled in when the form opened', () => {
    const required = ['name', 'slug'] as const;
    expect(areRequiredFieldsTouched(required, { name: true }, { slug: '' })).toBe(false);
    expect(areRequiredFieldsTouched(required, { name: true }, { slug: 'rocks' })).toBe(true);
    expect(areRequiredFieldsTouched(required, { name: true, slug: true }, {})).toBe(true);
  });
});

describe('where the wizard opens (product.md#wizard-screens)', () => {
  it('opens a new pre-inscribed draft on Get Started', () => {
    const { draft, index, linkError } = startWizard(null);
    expect(index).toBe(0);
    expect(linkError).toBeUndefined();
    expect(draft).toMatchObject({
      start: 'create',
      type: 'pre-inscribe',
      launchpadId: null,
      termsAccepted: false,
      submitState: 'submit',
    });
    expect(draft.phases.map((p) => p.name)).toEqual([
      'Whitelist Sale',
      'Whitelist Sale',
      'Public Sale',
    ]);
  });

  it('?id= sets the launchpad id, switches to onboarding and opens index 5, clamped to 3', () => {
    const { draft, index } = startWizard(LAUNCH_ID);
    expect(draft.launchpadId).toBe(LAUNCH_ID);
    expect(draft.start).toBe('onboard');
    expect(index).toBe(FLOW_STEPS.onboard.length - 1);
  });

  it('ignores a malformed ?id= and says why', () => {
    const { draft, index, linkError } = startWizard('42; drop table');
    expect(draft.launchpadId).toBeNull();
    expect(index).toBe(0);
    expect(linkError).toBe(
      'The link\'s launch id "42; drop table" is not valid: it must be a launch\'s UUID.',
    );
  });

  it.each<[Flow, string]>([
    ['pre-inscribe', '/mint/rocks'],
    ['edition', '/mint/rocks'],
    ['auction', '/auction/rocks'],
    ['onboard', '/collections/rocks'],
  ])('%s links to %s once submitted', (flow, path) => {
    expect(projectPath(flow, 'rocks')).toBe(path);
  });
});
