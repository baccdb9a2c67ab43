import { describe, it, expect } from 'vitest';
import { phaseFormSchema, phasesFormSchema, type PhaseFormValues } from './phase-form.ts';

const A = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const B = '1BoatSLRHtKNngkdXEeobR76b53LETtpyT';

const whitelist: PhaseFormValues = {
  uuid: '3b241101-e2bb-4255-8caf-4136c566a962',
  name: 'Whitelist Sale',
  price: '0.0001',
  allocation: 1,
  startDate: '2025-05-01',
  startTime: '10:00',
  endDate: '2025-05-01',
  endTime: '12:00',
  isPublic: false,
  isSameAllocation: true,
  isFinished: false,
  allowList: `${A}\n${B}`,
};
const publicSale: PhaseFormValues = {
  ...whitelist,
  uuid: '6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b',
  name: 'Public Sale',
  isPublic: true,
  allowList: '',
  allocation: '',
  startTime: '12:00',
  endTime: '18:00',
};

function messages(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((i) => `${i.path.map(String).join('.')}: ${i.message}`);
}

describe('phaseFormSchema', () => {
  const schema = phaseFormSchema('mainnet');
  it.each<[string, Partial<PhaseFormValues>, string[]]>([
    ['valid whitelist', {}, []],
    ['bad uuid', { uuid: 'phase-1' }, ['uuid: Phase id must be a valid UUID.']],
    ['empty name', { name: '  ' }, ['name: Phase name is required.']],
    ['empty price', { price: '' }, ['price: Price cannot be empty']],
    ['NaN price', { price: Number.NaN }, ['price: Price cannot be empty']],
    ['zero price', { price: 0 }, ['price: Price should be positive']],
    ['negative price', { price: -1 }, ['price: Price cannot be negative']],
    ['empty allocation', { allocation: '' }, ['allocation: Allocation cannot be empty']],
    ['empty allow list', { allowList: ' \n ' }, ['allowList: Allowlist cannot be empty']],
    ['bad address', { allowList: `${A}\nnope` }, ['allowList: Invalid BTC address: "nope"']],
    [
      'missing allocation',
      { isSameAllocation: false, allowList: `${A},2\n${B}` },
      ['allowList: Missing allocation for address'],
    ],
    [
      'invalid allocation',
      { isSameAllocation: false, allowList: `${A},-2` },
      ['allowList: Invalid allocation for address'],
    ],
    ['end before start', { endTime: '09:00' }, ['endTime: End time must be after start time.']],
  ])('%s', (_name, input, expected) => {
    expect(messages(schema.safeParse({ ...whitelist, ...input }))).toEqual(expected);
  });

  it('does not ask public phases for allocation or allow list', () => {
    expect(messages(schema.safeParse(publicSale))).toEqual([]);
  });
});

describe('phasesFormSchema', () => {
  const schema = phasesFormSchema('mainnet');
  it.each<[string, PhaseFormValues[], string[]]>([
    ['no phases', [], [': You must have at least one phase']],
    ['ordered phases', [whitelist, publicSale], []],
    [
      'overlap',
      [whitelist, { ...publicSale, startTime: '11:59' }],
      ["1.startTime: Start time must be after the previous phase's end time."],
    ],
  ])('%s', (_name, phases, expected) => {
    expect(messages(schema.safeParse(phases))).toEqual(expected);
  });
});
