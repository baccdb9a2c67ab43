// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isCustomSlug } from './collection-info-rules.ts';

describe('the slug follows the name', () => {
  it.each([
    ['My Rocks', '', false],
    ['My Rocks', 'my-rocks', false],
    ['My Rocks', 'rocks', true],
  ])('name "%s", slug "%s": the creator’s own %s', (name, slug, isCustom) => {
    expect(isCustomSlug(name, slug)).toBe(isCustom);
  });
});
