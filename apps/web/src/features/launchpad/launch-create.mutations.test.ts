// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { issueText } from './launch-create.mutations.ts';

// The create body is checked with the server's schema before it is sent; each issue names where.

describe('issueText', () => {
  it.each([
    [
      ['phases', 1, 'allowList'],
      'Whitelist cannot be empty.',
      'Phase 2: Whitelist cannot be empty.',
    ],
    [
      ['data', 0, 'id'],
      'Invalid inscription ID format.',
      'Inscription 1: Invalid inscription ID format.',
    ],
    [
      ['meta', 'icon'],
      'A thumbnail image is required.',
      'Collection information: A thumbnail image is required.',
    ],
    [
      ['makerPaymentPublicKey'],
      'makerPaymentPublicKey is required',
      'makerPaymentPublicKey is required',
    ],
  ])('%j: %s', (path, message, text) => {
    expect(issueText({ path, message })).toBe(text);
  });
});
