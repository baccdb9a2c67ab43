import { describe, it, expect } from 'vitest';
import { checkInscriptionEntry, InscriptionListSchema } from './inscription-entry.ts';

const ID = `${'b'.repeat(64)}i0`;
const ID2 = `${'c'.repeat(64)}i7`;

describe('checkInscriptionEntry', () => {
  it.each<[unknown, object]>([
    [ID, { entry: { id: ID } }],
    [` ${ID} `, { entry: { id: ID } }],
    ['xyz', { error: 'Invalid inscription ID: xyz' }],
    [42, { error: 'Invalid JSON entry at index 3' }],
    [null, { error: 'Invalid JSON entry at index 3' }],
    [[ID], { error: 'Invalid JSON entry at index 3' }],
    [{ meta: { name: 'x' } }, { error: 'Invalid JSON entry at index 3' }],
    [{ id: 'nope' }, { error: 'Invalid inscription ID: nope' }],
    [{ id: ID }, { entry: { id: ID } }],
    [{ id: ID, meta: { name: '' } }, { error: 'Name cannot be empty.' }],
    [{ id: ID, meta: { name: '   ' } }, { error: 'Name cannot be empty.' }],
    [{ id: ID, meta: {} }, { error: 'Name cannot be empty.' }],
    [
      { id: ID, meta: { name: 'Frog', high_res_img_url: 'not-a-url' } },
      { error: 'Invalid URL format.' },
    ],
    [
      { id: ID, meta: { name: 'Frog', attributes: 'red' } },
      { error: 'Invalid JSON entry at index 3' },
    ],
    [{ id: ID, meta: 'Frog' }, { error: 'Invalid JSON entry at index 3' }],
    [
      {
        id: ID,
        meta: {
          name: 'Frog #1',
          attributes: [{ trait_type: 'Eyes', value: 'Laser' }],
          high_res_img_url: 'https://img.example.com/1.png',
          extra: true,
        },
      },
      {
        entry: {
          id: ID,
          meta: {
            name: 'Frog #1',
            attributes: [{ trait_type: 'Eyes', value: 'Laser' }],
            high_res_img_url: 'https://img.example.com/1.png',
            extra: true,
          },
        },
      },
    ],
  ])('%j', (value, result) => {
    expect(checkInscriptionEntry(value, 3)).toEqual(result);
  });
});

describe('InscriptionListSchema', () => {
  it.each<[unknown, string[]]>([
    [[], ['Empty inscription array. Please provide at least one inscription.']],
    [[{ id: ID }, { id: ID2 }], []],
    [[{ id: ID }, { id: ID }], [`Duplicate inscription ID: ${ID}`]],
    [[{ id: 'x' }], ['Invalid inscription ID format.']],
  ])('%j → %j', (value, messages) => {
    const issues = InscriptionListSchema.safeParse(value).error?.issues ?? [];
    expect(issues.map((i) => i.message)).toEqual(messages);
  });
});
