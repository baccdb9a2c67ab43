import { describe, it, expect } from 'vitest';
import type { PhaseFormValues } from './phase-form.ts';
import {
  submittedPhaseSchema,
  submittedPhasesSchema,
  toSubmittedPhase,
  toSubmittedPhases,
  type SubmittedPhase,
} from './phase-submit.ts';

const A = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const B = '1BoatSLRHtKNngkdXEeobR76b53LETtpyT';
const seconds = (...args: [number, number, number, number, number]) =>
  new Date(...args).getTime() / 1000;

const base: PhaseFormValues = {
  uuid: '3b241101-e2bb-4255-8caf-4136c566a962',
  name: ' Whitelist Sale ',
  price: '0.0001',
  allocation: 2,
  startDate: '2025-05-01',
  startTime: '10:00',
  endDate: '2025-05-02',
  endTime: '12:30',
  isPublic: false,
  isSameAllocation: true,
  isFinished: true,
  allowList: `${A},5\n${B}`,
};

describe('toSubmittedPhase', () => {
  const window = { startDate: seconds(2025, 4, 1, 10, 0), endDate: seconds(2025, 4, 2, 12, 30) };
  it.each<[string, Partial<PhaseFormValues>, SubmittedPhase]>([
    [
      'same allocation',
      {},
      {
        name: 'Whitelist Sale',
        price: '10000',
        ...window,
        isPublic: false,
        allowList: [
          { address: A, allocation: 2 },
          { address: B, allocation: 2 },
        ],
        allocation: 2,
      },
    ],
    [
      'per-address allocation',
      { isSameAllocation: false, allowList: `${A},5\n${B},3` },
      {
        name: 'Whitelist Sale',
        price: '10000',
        ...window,
        isPublic: false,
        allowList: [
          { address: A, allocation: 5 },
          { address: B, allocation: 3 },
        ],
      },
    ],
    [
      'public phase',
      { isPublic: true, price: 0.00123456 },
      {
        name: 'Whitelist Sale',
        price: '123456',
        ...window,
        isPublic: true,
      },
    ],
  ])('%s', (_name, input, expected) => {
    expect(toSubmittedPhase({ ...base, ...input }, 'mainnet')).toEqual(expected);
  });

  it('refuses incomplete dates', () => {
    expect(() => toSubmittedPhase({ ...base, endTime: '' }, 'mainnet')).toThrow('incomplete dates');
  });

  it('maps a list', () => {
    expect(toSubmittedPhases([base, { ...base, isPublic: true }], 'mainnet')).toHaveLength(2);
  });
});

describe('submitted phase schemas', () => {
  const phase = { name: 'P', price: '1000', startDate: 100, endDate: 200, isPublic: true };
  const listed = {
    ...phase,
    isPublic: false,
    allowList: [{ address: A, allocation: 1 }],
    allocation: 1,
  };
  function messages(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
    return (result.error?.issues ?? []).map((i) => `${i.path.map(String).join('.')}: ${i.message}`);
  }

  it.each<[string, unknown, string[]]>([
    ['public', phase, []],
    ['with allow list', listed, []],
    ['empty whitelist', { ...listed, allowList: [] }, ['allowList: Whitelist cannot be empty.']],
    [
      'zero allocation',
      { ...listed, allocation: 0 },
      ['allocation: allocation should be greater than 1'],
    ],
    [
      'bad address',
      { ...listed, allowList: [{ address: 'x', allocation: 1 }] },
      ['allowList.0.address: Invalid BTC address'],
    ],
    [
      'end before start',
      { ...phase, endDate: 100 },
      ['endDate: End date must be after start date.'],
    ],
    [
      'price not sats',
      { ...phase, price: '0.1' },
      ['price: Amount must be a whole number of sats.'],
    ],
  ])('%s', (_name, input, expected) => {
    expect(messages(submittedPhaseSchema('mainnet').safeParse(input))).toEqual(expected);
  });

  it.each<[string, unknown[], string[]]>([
    ['none', [], [': There should be at least 1 phase.']],
    ['in order', [phase, { ...phase, startDate: 200, endDate: 300 }], []],
    [
      'overlapping',
      [phase, { ...phase, startDate: 150, endDate: 300 }],
      ["1.startDate: Start time must be after the previous phase's end time."],
    ],
  ])('list %s', (_name, input, expected) => {
    expect(messages(submittedPhasesSchema('mainnet').safeParse(input))).toEqual(expected);
  });

  it('turns the price into bigint sats', () => {
    expect(submittedPhaseSchema('mainnet').parse(phase).price).toBe(1000n);
  });
});
