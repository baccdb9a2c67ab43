import { describe, it, expect } from 'vitest';
import { LaunchpadSlugSchema, slugError, slugify, SlugSchema } from './slug.ts';

describe('slugify', () => {
  it.each([
    ['My Collection', 'my-collection'],
    ['  Bitcoin   Frogs  ', 'bitcoin-frogs'],
    ['Ordinal\tPunks\nClub', 'ordinal-punks-club'],
    ['Café Noir #1!', 'caf-noir-1'],
    ['under_score-and-hyphen', 'under_score-and-hyphen'],
    ['A - B', 'a---b'],
    ['', ''],
  ])('%j → %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});

describe('slugError', () => {
  it.each([
    ['', 'Slug is required.'],
    ['My Slug', 'Slug must be in lowercase.'],
    ['my slug', 'Slug cannot contain spaces.'],
    [' my-slug', 'Slug cannot contain spaces.'],
    ['my.slug', 'Slug can only contain lowercase letters, numbers, hyphens, and underscores.'],
    ['café', 'Slug can only contain lowercase letters, numbers, hyphens, and underscores.'],
    ['my-slug_2', undefined],
    ['a', undefined],
  ])('%j → %s', (slug, message) => {
    expect(slugError(slug)).toBe(message);
  });
});

describe('slug schemas', () => {
  it.each([
    [SlugSchema, '', 'Slug is required.'],
    [SlugSchema, undefined, 'Slug is required.'],
    [LaunchpadSlugSchema, '', 'Launchpad slug is required.'],
    [LaunchpadSlugSchema, 'Bad Slug', 'Slug must be in lowercase.'],
  ])('%#: %j → %s', (schema, value, message) => {
    const issues = schema.safeParse(value).error?.issues ?? [];
    expect(issues.map((i) => i.message)).toEqual([message]);
  });

  it('accepts a valid slug', () => {
    expect(SlugSchema.parse('frogs')).toBe('frogs');
  });
});
