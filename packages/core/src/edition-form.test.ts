import { describe, it, expect } from 'vitest';
import { editionFormSchema, type EditionFormValues } from './edition-form.ts';

const ID = `${'d'.repeat(64)}i0`;
const SIGNATURE = `${ID}:1714560000000:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq:SGVsbG8gd29ybGQ=`;
const valid: EditionFormValues = {
  inscriptionId: ID,
  numberOfEditions: 100,
  signature: SIGNATURE,
  price: '0.001',
  hideProgress: false,
  startDate: '2025-06-01T10:00',
  endDate: '2025-06-10T10:00',
};
const now = () => new Date(2025, 5, 5, 12, 0);

describe('editionFormSchema', () => {
  const schema = editionFormSchema({ now });
  it.each<[string, Partial<Record<keyof EditionFormValues, unknown>>, string[]]>([
    ['valid', {}, []],
    ['open dates', { startDate: '', endDate: '' }, []],
    ['zero price', { price: 0 }, []],
    [
      'bad id',
      { inscriptionId: 'abc', signature: '' },
      [
        'inscriptionId: Input a valid Inscription ID',
        'signature: Inscription signature is not valid',
      ],
    ],
    ['no signature', { signature: '' }, ['signature: Inscription signature is not valid']],
    [
      'signature of another inscription',
      { inscriptionId: `${'e'.repeat(64)}i0` },
      ['signature: Inscription signature is not valid'],
    ],
    [
      'zero editions',
      { numberOfEditions: 0 },
      ['numberOfEditions: Number of editions should be greater than or equal to 1'],
    ],
    [
      'empty editions',
      { numberOfEditions: '' },
      ['numberOfEditions: Number of editions should be greater than or equal to 1'],
    ],
    [
      'fractional editions',
      { numberOfEditions: 2.5 },
      ['numberOfEditions: Number of editions should be greater than or equal to 1'],
    ],
    ['negative price', { price: -0.1 }, ['price: Price should be greater than or equal to 0']],
    ['empty price', { price: '' }, ['price: Price should be greater than or equal to 0']],
    [
      'end before start',
      { endDate: '2025-06-01T09:00' },
      ['endDate: End date must be after start date.'],
    ],
    [
      'end in the past',
      { startDate: '', endDate: '2025-06-05T11:59' },
      ['endDate: End date must not be in the past.'],
    ],
    ['bad date', { startDate: 'tomorrow' }, ['startDate: Invalid date format.']],
  ])('%s', (_name, input, expected) => {
    const result = schema.safeParse({ ...valid, ...input });
    expect((result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual(
      expected,
    );
  });

  it('reads the clock at parse time', () => {
    let time = new Date(2025, 5, 5);
    const live = editionFormSchema({ now: () => time });
    expect(live.safeParse(valid).success).toBe(true);
    time = new Date(2025, 5, 11);
    expect(live.safeParse(valid).success).toBe(false);
  });
});
